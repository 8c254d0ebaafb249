// The texts of the account, user-center, cart, checkout, payment and logistics pages: loaded by the
// storefront when such a page (or the login popup) is first shown.
import { uiAccount } from './ui-account.ts';
import { uiAddress } from './ui-address.ts';
import { uiLogistics } from './ui-logistics.ts';
import { uiCart } from './ui-cart.ts';
import { uiOrder } from './ui-order.ts';
import { uiPayment } from './ui-payment.ts';
import { uiSeller } from './ui-seller.ts';

export const catalogMore = { ...uiAccount, ...uiAddress, ...uiLogistics, ...uiCart, ...uiOrder, ...uiPayment, ...uiSeller };

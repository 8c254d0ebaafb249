// The texts of the account, user-center, cart, checkout, payment and logistics pages: loaded by the
// storefront when such a page (or the login popup) is first shown.
import { uiAccount } from './ui-account.ts';
import { uiAddress } from './ui-address.ts';
import { uiLogistics } from './ui-logistics.ts';
import { uiCart } from './ui-cart.ts';
import { uiOrder } from './ui-order.ts';
import { uiPayment } from './ui-payment.ts';
import { uiSeller } from './ui-seller.ts';
import { uiMerchantShop } from './ui-merchant-shop.ts';
import { uiMerchantProducts } from './ui-merchant-products.ts';
import { uiPlatformContent } from './ui-platform-content.ts';
import { uiPlatformBanners } from './ui-platform-banners.ts';
import { uiMerchantOrders } from './ui-merchant-orders.ts';
import { uiStaff } from './ui-staff.ts';
import { uiPoints } from './ui-points.ts';
import { uiBalance } from './ui-balance.ts';
import { uiPromotion } from './ui-promotion.ts';
import { uiCouponAdmin } from './ui-coupon-admin.ts';
import { uiCombo } from './ui-combo.ts';
import { uiMember } from './ui-member.ts';
import { uiReview } from './ui-review.ts';
import { uiMerchantReviews } from './ui-merchant-reviews.ts';
import { uiAdminReviews } from './ui-admin-reviews.ts';
import { uiAdminOrders } from './ui-admin-orders.ts';
import { uiMerchantStaff } from './ui-merchant-staff.ts';
import { uiInvoice } from './ui-invoice.ts';
import { aftersaleMessages } from './aftersale-messages.ts';
import { uiAftersale } from './ui-aftersale.ts';
import { refundMoneyMessages } from './refund-money.ts';
import { uiSeckill } from './ui-seckill.ts';
import { uiChat } from './ui-chat.ts';
import { uiGroupbuy } from './ui-groupbuy.ts';
import { groupbuyMessages } from './groupbuy-messages.ts';
import { groupbuyAdminMessages } from './groupbuy-admin-messages.ts';
import { uiPointsmall } from './ui-pointsmall.ts';
import { pointsmallMessages } from './pointsmall-messages.ts';

export const catalogMore = { ...uiAccount, ...uiAddress, ...uiLogistics, ...uiCart, ...uiOrder, ...uiPayment, ...uiSeller, ...uiMerchantShop, ...uiMerchantProducts, ...uiPlatformContent, ...uiPlatformBanners, ...uiMerchantOrders, ...uiStaff, ...uiPoints, ...uiPromotion, ...uiBalance, ...uiCouponAdmin, ...uiCombo, ...uiMember, ...uiReview, ...uiMerchantReviews, ...uiAdminReviews, ...uiAdminOrders, ...uiMerchantStaff, ...uiInvoice, ...uiAftersale, ...aftersaleMessages, ...refundMoneyMessages, ...uiSeckill, ...uiChat, ...uiGroupbuy, ...groupbuyMessages, ...groupbuyAdminMessages, ...uiPointsmall, ...pointsmallMessages };

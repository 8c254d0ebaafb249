// The texts of the layout and the landing pages (home, lists, product, stores, notices): what the
// storefront loads with every page.
import { messages } from './messages.ts';
import { ui } from './ui.ts';
import { uiCatalog } from './ui-catalog.ts';
import { uiSearch } from './ui-search.ts';
import { uiStore } from './ui-store.ts';
import { uiProduct } from './ui-product.ts';
import { uiDiscount } from './ui-discount.ts';
import { uiCoupon } from './ui-coupon.ts';
import { uiPackage } from './ui-package.ts';

export const catalogCore = { ...messages, ...ui, ...uiCatalog, ...uiSearch, ...uiStore, ...uiProduct, ...uiDiscount, ...uiCoupon, ...uiPackage };

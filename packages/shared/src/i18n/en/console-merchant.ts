import { consoleMerchantProducts } from './console-merchant-products.ts';
import { consoleMerchantPromotions } from './console-merchant-promotions.ts';
import { consoleMerchantCoupons } from './console-merchant-coupons.ts';
import { consoleMerchantCombos } from './console-merchant-combos.ts';
import { consoleMerchantReviews } from './console-merchant-reviews.ts';
import { consoleMerchantStaff } from './console-merchant-staff.ts';
import { consoleMerchantInvoices } from './console-merchant-invoices.ts';
import { consoleMerchantRefunds } from './console-merchant-refunds.ts';
import { consoleMerchantSeckill } from './console-merchant-seckill.ts';
import { consoleMerchantChat } from './console-merchant-chat.ts';
import { consoleMerchantGroupbuy } from './console-merchant-groupbuy.ts';
import type { consoleMerchant as zh } from '../zh/console-merchant.ts';
import type { Widen } from '../widen.ts';
import { consoleMerchantShop } from './console-merchant-shop.ts';
import { consoleMerchantOrders } from './console-merchant-orders.ts';

export const consoleMerchant: Widen<typeof zh> = {
  ...consoleMerchantShop,
  ...consoleMerchantOrders,
  ...consoleMerchantProducts,
  ...consoleMerchantPromotions,
  ...consoleMerchantCoupons,
  ...consoleMerchantCombos,
  ...consoleMerchantReviews,
  ...consoleMerchantStaff,
  ...consoleMerchantInvoices,
  ...consoleMerchantRefunds,
  ...consoleMerchantSeckill,
  ...consoleMerchantChat,
  ...consoleMerchantGroupbuy,
  app: {
    title: 'Bazaar merchant center',
    language: '中文',
    logout: 'Log out',
    loadFailed: 'Loading failed, please try again',
    reload: 'Reload',
    serverError: 'The server had a small problem~',
  },
  login: {
    title: 'Merchant login',
    username: 'Merchant account',
    password: 'Password',
    submit: 'Log in',
    usernameRequired: 'Enter the merchant account',
    passwordRequired: 'Enter the password',
    hint: 'The mobile number and password set in the mall under “User center - Store account” once the store is approved',
  },
  menu: { dashboard: 'Overview', orders: 'Orders', writeOff: 'Redeem vouchers', password: 'Change password' },
  orders: {
    tabs: { all: 'All', unpaid: 'Unpaid', paid: 'To ship', shipped: 'Shipped', completed: 'Completed', cancelled: 'Cancelled' },
    status: { 1: 'Unpaid', 2: 'To ship', 3: 'Shipped', 5: 'Completed', 6: 'Cancelled', 7: 'Group buying' },
    search: 'Search by order number',
    searchButton: 'Search',
    columns: { orderNumber: 'Order number', items: 'Items', total: 'Paid', status: 'Status', createTime: 'Placed', actions: 'Actions' },
    pieces_one: '{{count}} item',
    pieces_other: '{{count}} items',
    view: 'View',
    ship: 'Ship',
    empty: 'No orders',
    total_one: '{{count}} order',
    total_other: '{{count}} orders',
  },
  detail: {
    title: 'Order {{orderNumber}}',
    back: 'Back to the orders',
    receiver: 'Recipient',
    address: 'Address',
    remarks: "Buyer's note",
    none: 'None',
    payTime: 'Paid at',
    dvyTime: 'Shipped at',
    items: 'Items',
    item: { name: 'Item', price: 'Price', count: 'Quantity', shipped: 'Shipped', refunded: 'Refunded' },
    amounts: 'Amounts',
    goodsTotal: 'Goods',
    freight: 'Freight',
    reduce: 'Discount',
    actualTotal: 'Paid',
    packages: 'Packages',
    package: 'Package {{index}}: {{courier}} {{waybill}}',
    packageItems: '{{name}} × {{count}}',
    noPackages: 'Not shipped yet',
  },
  ship: {
    title: 'Ship',
    package: 'Package {{index}}',
    courier: 'Courier',
    courierRequired: 'Choose the courier',
    waybill: 'Waybill number',
    waybillRequired: 'Enter the waybill number',
    count: 'Pieces of {{name}}',
    addPackage: 'Add another package',
    removePackage: 'Remove this package',
    submit: 'Ship',
    shipped: 'Shipped',
    remaining_one: '{{count}} item is not in a package yet',
    remaining_other: '{{count}} items are not in a package yet',
    refunded_one: '{{count}} piece refunded',
    refunded_other: '{{count}} pieces refunded',
    allRefunded_one: '{{count}} piece refunded, nothing to ship',
    allRefunded_other: '{{count}} pieces refunded, nothing to ship',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm the new password',
    rule: '6-12 half-width characters',
    mismatch: 'The two passwords differ',
    submit: 'Save',
    changed: 'The password is changed. Please log in again with the new one',
  },
};

// Permissions of platform staff and shop staff (issue 25, decision 057). A route declares the one
// it needs where it is registered (`config: { permission: 'shops.offline' }`, or a list: any of
// them); `SELF` marks the routes every signed-in account of the audience may use (its own profile,
// logout, password). A role is a named set of permissions; the console hides what a role lacks and
// the server refuses it anyway (403, audited).

/** Every signed-in account of the audience may use the route (its own profile, logout, password). */
export const SELF = 'self' as const;

export const ADMIN_PERMISSIONS = [
  'staff.manage', // staff accounts and roles
  'applications.review', // store applications: read, approve, reject
  'shops.read',
  'shops.offline', // take offline, reopen, change the shop type
  'users.read',
  'users.disable',
  'users.balance.adjust',
  'users.balance.approve', // the second pair of eyes on a large adjustment
  'users.points.adjust',
  'orders.read',
  'products.read',
  'products.takedown', // products and discount packages
  'reviews.moderate',
  'categories.manage',
  'content.manage', // banners, notices, uploads
  'site.config',
  'points.rules',
  'balance.options',
  'member.levels',
  'coupons.manage',
  'promotions.manage',
  'audit.read', // every staff member's entries; without it, the audit log shows one's own
  'refunds.read', // after-sales requests of every shop
  'refunds.decide', // step in after a seller's refusal: refund or close, with a reason
  'refunds.settle', // refunds the gateway has not confirmed: see them, retry them
  'aftersale.settings', // the after-sales periods
  'seckill.manage', // flash sales (issue 27): the day's session times, review, take offline, reconciliation reports
  'chat.service', // platform customer service (issue 28): take, answer and transfer toId 0 conversations
  'chat.read', // read a shop's conversation with a shopper when a dispute reaches the platform
  'groupbuy.manage', // group-buy (issue 29): every shop's activities and teams, take an activity offline
  'pointsmall.manage', // the points mall (issue 29): points items, their points price, cash part, stock, limit, shelf
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The built-in staff roles; the super administrator may add more from ADMIN_PERMISSIONS. */
export const ADMIN_ROLE_KEYS = ['super', 'operations', 'service', 'finance'] as const;
export type AdminRoleKey = (typeof ADMIN_ROLE_KEYS)[number];

export const ADMIN_ROLE_PERMISSIONS: Record<AdminRoleKey, readonly AdminPermission[]> = {
  super: ADMIN_PERMISSIONS,
  operations: [
    'applications.review',
    'shops.read',
    'shops.offline',
    'products.read',
    'products.takedown',
    'reviews.moderate',
    'categories.manage',
    'content.manage',
    'points.rules',
    'member.levels',
    'coupons.manage',
    'promotions.manage',
    'aftersale.settings',
    'seckill.manage',
    'groupbuy.manage',
    'pointsmall.manage',
  ],
  // Customer service also disables an abusive shopper's login (spam orders, fraud), with a reason.
  service: ['users.read', 'users.disable', 'orders.read', 'shops.read', 'products.read', 'reviews.moderate', 'refunds.read', 'refunds.decide', 'chat.service', 'chat.read'],
  finance: ['users.read', 'users.balance.adjust', 'users.balance.approve', 'users.points.adjust', 'balance.options', 'orders.read', 'shops.read', 'refunds.read', 'refunds.settle'],
};

export const MERCHANT_PERMISSIONS = [
  'staff.manage', // the shop's staff accounts (the owner only)
  'shop.settings', // shop info, freight
  'dashboard.read',
  'orders.read', // list, detail, export
  'orders.ship', // delivery, voucher write-off
  'stock.manage',
  'products.manage', // products, shop categories, pictures
  'notices.manage',
  'promotions.manage', // discounts, coupons, packages
  'reviews.reply',
  'refunds.handle', // after-sales: accept, refuse, the return address
  'refunds.receive', // confirm a returned parcel arrived
  'invoices.manage', // the invoice queue: upload, mark failed
  'seckill.manage', // flash-sale activities (issue 27): create, end early, see their counts
  'chat.reply', // the shop's chat inbox (issue 28): answer shoppers, quick replies, online or away
  'groupbuy.manage', // group-buy activities (issue 29): create, end, see their teams
] as const;
export type MerchantPermission = (typeof MERCHANT_PERMISSIONS)[number];

export const MERCHANT_ROLE_KEYS = ['owner', 'service', 'warehouse', 'operations'] as const;
export type MerchantRoleKey = (typeof MERCHANT_ROLE_KEYS)[number];

export const MERCHANT_ROLE_PERMISSIONS: Record<MerchantRoleKey, readonly MerchantPermission[]> = {
  owner: MERCHANT_PERMISSIONS,
  service: ['orders.read', 'reviews.reply', 'refunds.handle', 'refunds.receive', 'invoices.manage', 'chat.reply'],
  warehouse: ['orders.read', 'orders.ship', 'stock.manage', 'refunds.receive'],
  operations: ['dashboard.read', 'products.manage', 'stock.manage', 'notices.manage', 'promotions.manage', 'seckill.manage', 'groupbuy.manage'],
};

/** What a route declares: one permission, any of several, or SELF. */
export type RoutePermission<P extends string> = P | readonly P[] | typeof SELF;

/** Whether a holder of `granted` may use a route that declares `needed`. */
export function permits<P extends string>(granted: readonly string[], needed: RoutePermission<P>): boolean {
  if (needed === SELF) return true;
  const anyOf: readonly string[] = typeof needed === 'string' ? [needed] : needed;
  return anyOf.some((p) => granted.includes(p));
}

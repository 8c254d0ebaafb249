// What the logged-in staff member's role permits (decision 057), from GET /admin/me: the console
// hides the menus and buttons the role lacks; the server refuses them anyway (403 with a message).
import { createContext, useContext } from 'react';

/**
 * The permissions a console page needs (any of them); a page missing here is shown to everyone (the
 * audit log: one's own entries, everyone's with audit.read).
 */
export const PAGE_PERMISSIONS: Record<string, readonly string[]> = {
  applications: ['applications.review'],
  shops: ['shops.read'],
  users: ['users.read'],
  orders: ['orders.read'],
  refunds: ['refunds.read'],
  'aftersale-settings': ['aftersale.settings'],
  'refund-payments': ['refunds.settle'],
  products: ['products.read', 'products.takedown'],
  reviews: ['reviews.moderate'],
  categories: ['categories.manage'],
  banners: ['content.manage'],
  notices: ['content.manage'],
  'site-config': ['site.config'],
  'points-rules': ['points.rules'],
  'balance-options': ['balance.options'],
  'balance-approvals': ['users.balance.approve', 'users.balance.adjust'],
  'member-levels': ['member.levels'],
  coupons: ['coupons.manage'],
  promotions: ['products.read', 'promotions.manage'],
  seckill: ['seckill.manage'],
  groupbuy: ['groupbuy.manage'],
  'points-mall': ['pointsmall.manage'],
  chat: ['chat.service'],
  staff: ['staff.manage'],
  roles: ['staff.manage'],
};

/** Whether the permissions allow a page. */
export function pageAllowed(page: string, granted: readonly string[]): boolean {
  const needs = PAGE_PERMISSIONS[page];
  return !needs || needs.some((p) => granted.includes(p));
}

/** The pages the permissions allow, in the menu's order. */
export function allowedPages<P extends string>(pages: readonly P[], granted: readonly string[]): P[] {
  return pages.filter((p) => pageAllowed(p, granted));
}

/** The page to show: the one asked for when allowed, else the first allowed one (null when none). */
export function landingPage<P extends string>(asked: P | null, pages: readonly P[], granted: readonly string[]): P | null {
  const allowed = allowedPages(pages, granted);
  return asked && allowed.includes(asked) ? asked : (allowed[0] ?? null);
}

export const PermissionsContext = createContext<readonly string[]>([]);

/** `can('users.disable')`: whether the logged-in staff member holds a permission. */
export function useCan(): (permission: string) => boolean {
  const granted = useContext(PermissionsContext);
  return (permission) => granted.includes(permission);
}

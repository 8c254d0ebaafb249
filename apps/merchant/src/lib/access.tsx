// What the signed-in account may see (decision 057): /merchant/me answers its role's permissions;
// the menu, the pages and their buttons follow them (the API refuses the rest anyway, 403).
import { createContext, useCallback, useContext } from 'react';
import type { MerchantPermission } from '@bazaar/shared/constants/permissions';

/** The menu's pages in their order, each with the permissions that open it (any of them; none: every account). */
export const PAGE_ACCESS = [
  ['dashboard', ['dashboard.read']],
  ['orders', ['orders.read']],
  // The warehouse opens the queue too, for the returns to receive (refunds.receive only).
  ['refunds', ['refunds.handle', 'refunds.receive']],
  ['products', ['products.manage', 'stock.manage']],
  ['reviews', ['reviews.reply']],
  ['invoices', ['invoices.manage']],
  ['promotions', ['promotions.manage']],
  ['coupons', ['promotions.manage']],
  ['combos', ['promotions.manage']],
  ['seckills', ['seckill.manage']],
  ['groupbuys', ['groupbuy.manage']],
  ['chat', ['chat.reply']],
  ['writeOff', ['orders.ship']],
  ['shop-info', ['shop.settings']],
  ['shop-categories', ['products.manage']],
  ['shop-notices', ['notices.manage']],
  ['shop-freight', ['shop.settings']],
  ['staff', ['staff.manage']],
  ['password', []],
] as const satisfies ReadonlyArray<readonly [string, readonly MerchantPermission[]]>;

export type MenuPage = (typeof PAGE_ACCESS)[number][0];

const ACCESS = new Map<string, readonly MerchantPermission[]>(PAGE_ACCESS);

/** Whether an account holding `granted` may open the menu page. */
export function mayOpen(granted: readonly string[], page: MenuPage): boolean {
  const needed = ACCESS.get(page) ?? [];
  return needed.length === 0 || needed.some((p) => granted.includes(p));
}

/** The landing page: the first menu page the account may open (the password page at least). */
export function landingPage(granted: readonly string[]): MenuPage {
  return PAGE_ACCESS.find(([page]) => mayOpen(granted, page))?.[0] ?? 'password';
}

export const PermissionsContext = createContext<readonly string[]>([]);

/** `can('orders.ship')`: whether the account holds any of the permissions. */
export function useCan(): (...anyOf: MerchantPermission[]) => boolean {
  const granted = useContext(PermissionsContext);
  return useCallback((...anyOf: MerchantPermission[]) => anyOf.some((p) => granted.includes(p)), [granted]);
}

/**
 * The nickname dropdown's pages. The specification lists member center, my collection, coupons
 * and logout; an entry is listed here once its page exists (never a link to a 404), so member
 * center and coupons joined with one line each. Logout is added by the top bar.
 */
export const ACCOUNT_MENU_LINKS: ReadonlyArray<{ key: string; label: string; to: string }> = [
  { key: 'member', label: 'layout.topBar.memberCenter', to: '/member-center/member-center' },
  { key: 'collection', label: 'layout.topBar.myCollection', to: '/user-center/uc-collection' },
  { key: 'coupons', label: 'layout.topBar.myCoupons', to: '/user-center/uc-coupons' },
];

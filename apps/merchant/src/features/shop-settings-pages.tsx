import { ShopInfoPage } from './shop-settings.tsx';
import { ShopCategoriesPage } from './shop-settings-categories.tsx';
import { ShopNoticesPage } from './shop-settings-notices.tsx';
import { ShopFreightPage } from './shop-settings-freight.tsx';

/** The shop settings pages, by their place in the address's hash (#shop-info, ...). */
export const SHOP_PAGES = ['shop-info', 'shop-categories', 'shop-notices', 'shop-freight'] as const;
export type ShopPage = (typeof SHOP_PAGES)[number];

export function ShopSettingsPage({ page }: { page: ShopPage }) {
  if (page === 'shop-categories') return <ShopCategoriesPage />;
  if (page === 'shop-notices') return <ShopNoticesPage />;
  if (page === 'shop-freight') return <ShopFreightPage />;
  return <ShopInfoPage />;
}

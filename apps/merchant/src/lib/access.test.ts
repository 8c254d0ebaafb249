import { describe, expect, it } from 'vitest';
import { MERCHANT_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { landingPage, mayOpen, PAGE_ACCESS } from './access.tsx';

const pagesOf = (role: keyof typeof MERCHANT_ROLE_PERMISSIONS) => PAGE_ACCESS.map(([page]) => page).filter((page) => mayOpen(MERCHANT_ROLE_PERMISSIONS[role], page));

describe('what each role may open in the merchant center', () => {
  it('the owner opens every page and lands on the overview', () => {
    expect(pagesOf('owner')).toEqual(PAGE_ACCESS.map(([page]) => page));
    expect(landingPage(MERCHANT_ROLE_PERMISSIONS.owner)).toBe('dashboard');
  });

  it('customer service: orders, after-sales, reviews, invoices and the chat inbox, landing on the orders', () => {
    expect(pagesOf('service')).toEqual(['orders', 'refunds', 'reviews', 'invoices', 'chat', 'password']);
    expect(landingPage(MERCHANT_ROLE_PERMISSIONS.service)).toBe('orders');
  });

  it('the warehouse: orders, after-sales (to receive returns), products (for stock) and write-off; no promotions, no staff', () => {
    expect(pagesOf('warehouse')).toEqual(['orders', 'refunds', 'products', 'writeOff', 'password']);
    expect(landingPage(MERCHANT_ROLE_PERMISSIONS.warehouse)).toBe('orders');
  });

  it('operations: overview, products, promotions, flash sales, group buys, shop categories and notices; no orders', () => {
    expect(pagesOf('operations')).toEqual(['dashboard', 'products', 'promotions', 'coupons', 'combos', 'seckills', 'groupbuys', 'shop-categories', 'shop-notices', 'password']);
    expect(landingPage(MERCHANT_ROLE_PERMISSIONS.operations)).toBe('dashboard');
  });

  it('an account without permissions still reaches its password page', () => {
    expect(landingPage([])).toBe('password');
  });
});

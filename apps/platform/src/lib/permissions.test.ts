import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { allowedPages, landingPage, pageAllowed, PAGE_PERMISSIONS } from './permissions.tsx';

const PAGES = ['applications', 'shops', 'users', 'products', 'site-config', 'balance-options', 'audit', 'staff', 'roles'] as const;

describe('the console pages a role sees', () => {
  it('names only permissions of the contract', () => {
    for (const needs of Object.values(PAGE_PERMISSIONS)) for (const p of needs) expect(ADMIN_PERMISSIONS).toContain(p);
  });

  it('shows the super administrator every page', () => {
    expect(allowedPages(PAGES, ADMIN_ROLE_PERMISSIONS.super)).toEqual([...PAGES]);
  });

  it('hides staff, site settings and money from operations, and lands it on its first page', () => {
    const ops = ADMIN_ROLE_PERMISSIONS.operations;
    expect(allowedPages(PAGES, ops)).toEqual(['applications', 'shops', 'products', 'audit']);
    expect(landingPage('staff', PAGES, ops)).toBe('applications');
  });

  it('lands customer service and finance on their first page, and keeps an allowed page asked for', () => {
    expect(landingPage(null, PAGES, ADMIN_ROLE_PERMISSIONS.service)).toBe('shops');
    expect(landingPage('users', PAGES, ADMIN_ROLE_PERMISSIONS.finance)).toBe('users');
    expect(pageAllowed('balance-options', ADMIN_ROLE_PERMISSIONS.finance)).toBe(true);
    expect(pageAllowed('balance-options', ADMIN_ROLE_PERMISSIONS.service)).toBe(false);
  });

  it('shows after-sales to customer service and finance, and its periods to operations', () => {
    const pages = ['refunds', 'aftersale-settings'] as const;
    expect(allowedPages(pages, ADMIN_ROLE_PERMISSIONS.service)).toEqual(['refunds']);
    expect(allowedPages(pages, ADMIN_ROLE_PERMISSIONS.finance)).toEqual(['refunds']);
    expect(allowedPages(pages, ADMIN_ROLE_PERMISSIONS.operations)).toEqual(['aftersale-settings']);
    expect(allowedPages(pages, ADMIN_ROLE_PERMISSIONS.super)).toEqual([...pages]);
  });

  it('leaves a role without permissions its own audit entries only', () => {
    expect(allowedPages(PAGES, [])).toEqual(['audit']);
    expect(landingPage('users', PAGES, [])).toBe('audit');
    expect(landingPage(null, ['users', 'staff'] as const, [])).toBeNull();
  });
});

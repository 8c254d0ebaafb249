// Every staff route declares its permission where it is registered (issue 25, decision 057): the
// app's registered routes are walked, and any /admin or /merchant route other than the public
// logins without a declared permission fails the test. At run time such a staff route is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, MERCHANT_PERMISSIONS, SELF } from '@bazaar/shared/constants/permissions';
import { getTestApp, type TestApp } from '../test/test-app.ts';

const PUBLIC = new Set(['POST /admin/login', 'POST /merchant/login']);

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('staff route permissions', () => {
  it('finds every /admin and /merchant route with a declared permission the contract knows', async () => {
    const routes = t.app.staffRoutes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(routes.filter((r) => r.url.startsWith('/admin')).length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.url.startsWith('/merchant')).length).toBeGreaterThan(20);
    const undeclared = routes.filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const unknown = routes.flatMap((r) => {
      if (r.permission === undefined || r.permission === SELF) return [];
      const known: readonly string[] = r.audience === 'admin' ? ADMIN_PERMISSIONS : MERCHANT_PERMISSIONS;
      const named = typeof r.permission === 'string' ? [r.permission] : r.permission;
      return named.filter((p) => !known.includes(p)).map((p) => `${r.method} ${r.url}: ${p}`);
    });
    expect(unknown).toEqual([]);
    // The public logins stay public.
    expect(t.app.staffRoutes.filter((r) => PUBLIC.has(`${r.method} ${r.url}`)).map((r) => r.audience)).toEqual(['public', 'public']);
  });
});

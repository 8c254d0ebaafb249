import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../routes.ts';
import { ACCOUNT_MENU_LINKS } from './account-menu.ts';

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.file,
    path: entry.path,
    ...(entry.index ? { index: true as const } : { children: entry.children ? toRouteObjects(entry.children) : undefined }),
  })) as RouteObject[];
}

/**
 * The page file a path renders: the deepest match, or routes/not-found.tsx for an unknown path
 * (a first segment that is no language is a 404 in lang-scope.tsx).
 */
function pageFile(path: string): string | undefined {
  const matches = matchRoutes(toRouteObjects(routes), path);
  if (matches?.[0]?.params.lang !== undefined) return 'routes/not-found.tsx';
  return matches?.at(-1)?.route.id;
}

describe('the nickname dropdown', () => {
  it('links only to pages that exist', () => {
    expect(pageFile('/no-such-page')).toBe('routes/not-found.tsx');
    expect(ACCOUNT_MENU_LINKS.length).toBeGreaterThan(0);
    for (const link of ACCOUNT_MENU_LINKS) expect(pageFile(link.to), link.to).not.toBe('routes/not-found.tsx');
  });

  it('has the specification\'s items that are built, in its order', () => {
    expect(ACCOUNT_MENU_LINKS.map((l) => l.to)).toEqual(['/member-center/member-center', '/user-center/uc-collection', '/user-center/uc-coupons']);
    expect(pageFile('/member-center/member-center')).toBe('routes/member-center.member-center.tsx');
    expect(pageFile('/member-center/integral-mall')).toBe('routes/member-center.integral-mall.tsx');
    expect(pageFile('/user-center/uc-coupons')).toBe('routes/user-center.uc-coupons.tsx');
  });
});

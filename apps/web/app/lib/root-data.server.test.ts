// The fallback-language prefix redirect stays on this origin.
import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './root-data.server.ts';

function redirectOf(path: string): { status: number; location: string | null } {
  try {
    resolveLanguage(new Request(`http://shop.example.test${path}`));
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
    throw thrown;
  }
  throw new Error(`${path} did not redirect`);
}

describe('resolveLanguage', () => {
  it('drops a /zh prefix by a same-origin redirect', () => {
    expect(redirectOf('/zh/list?keyword=a')).toEqual({ status: 301, location: '/list?keyword=a' });
    expect(redirectOf('/zh')).toEqual({ status: 301, location: '/' });
    expect(redirectOf('/zh/')).toEqual({ status: 301, location: '/' });
  });

  it('never redirects to another host', () => {
    for (const path of ['/zh//evil.example/', '/zh///evil.example', '/zh/\\evil.example', '/zh/\\/evil.example/x?y=1']) {
      const { location } = redirectOf(path);
      expect(location).toMatch(/^\/[^/\\]/);
      expect(new URL(location!, 'http://shop.example.test').host).toBe('shop.example.test');
    }
  });
});

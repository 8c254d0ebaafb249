// The fallback-language prefix redirect stays on this origin.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARED_PAGE_HEADER } from '../../shared-pages.js';
import { fetchTransport, setServerTransport } from './api.ts';
import { loadRootData, pageUrl, resolveLanguage } from './root-data.server.ts';

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

  // Issue 25: the URL says the page's language, so its links (unprefixed in the markup) agree with it.
  it('moves a page to the address of its language: the cookie or ?lang=en to /en, ?lang=zh off /en', () => {
    const redirectWith = (path: string, cookie: string) => {
      try {
        resolveLanguage(new Request(`http://shop.example.test${path}`, { headers: { Cookie: cookie } }));
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
        throw thrown;
      }
      return null;
    };
    expect(redirectWith('/list?pn=tea', 'language=en')).toEqual({ status: 302, location: '/en/list?pn=tea' });
    expect(redirectWith('/', 'language=en')).toEqual({ status: 302, location: '/en' });
    expect(redirectWith('/user-center/', 'language=en')).toEqual({ status: 302, location: '/en/user-center/' });
    expect(redirectWith('/list.data?pn=tea&_routes=routes%2Flist', 'language=en')).toEqual({ status: 302, location: '/en/list?pn=tea' });
    expect(redirectWith('/register?lang=en', '')).toEqual({ status: 302, location: '/en/register' });
    expect(redirectWith('/register?a=1&lang=en', 'language=zh')).toEqual({ status: 302, location: '/en/register?a=1' });
    expect(redirectWith('/en/register?lang=zh', 'language=en')).toEqual({ status: 302, location: '/register?lang=zh' });
    expect(redirectWith('/en?lang=zh', '')).toEqual({ status: 302, location: '/?lang=zh' });
    expect(redirectWith('/en//evil.example?lang=zh', '')!.location).toBe('/evil.example?lang=zh');
    // Already where the language says: no redirect, and the cookie is set when the URL chose it.
    expect(redirectWith('/en/list', 'language=zh')).toBeNull();
    expect(resolveLanguage(new Request('http://shop.example.test/en/list'))).toEqual({ lang: 'en', setCookie: true });
    expect(resolveLanguage(new Request('http://shop.example.test/list?lang=zh', { headers: { Cookie: 'language=en' } }))).toEqual({ lang: 'zh', setCookie: true });
    expect(resolveLanguage(new Request('http://shop.example.test/list', { headers: { Cookie: 'language=zh' } }))).toEqual({ lang: 'zh', setCookie: false });
    expect(resolveLanguage(new Request('http://shop.example.test/list'))).toEqual({ lang: 'zh', setCookie: false });
    // ...and not again when the cookie already says it, so the page cache may keep the /en page.
    expect(resolveLanguage(new Request('http://shop.example.test/en/list', { headers: { Cookie: 'token=t; language=en' } }))).toEqual({ lang: 'en', setCookie: false });
    expect(resolveLanguage(new Request('http://shop.example.test/list?lang=zh', { headers: { Cookie: 'language=zh' } }))).toEqual({ lang: 'zh', setCookie: false });
  });

  it('keeps a redirect found by the cookie out of every shared cache', () => {
    let thrown: unknown;
    try {
      resolveLanguage(new Request('http://shop.example.test/list', { headers: { Cookie: 'language=en' } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const headers = (thrown as Response).headers;
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(headers.get('Vary')).toBe('Cookie');
  });

  it('never redirects to another host', () => {
    for (const path of ['/zh//evil.example/', '/zh///evil.example', '/zh/\\evil.example', '/zh/\\/evil.example/x?y=1']) {
      const { location } = redirectOf(path);
      expect(location).toMatch(/^\/[^/\\]/);
      expect(new URL(location!, 'http://shop.example.test').host).toBe('shop.example.test');
    }
  });
});

// Loaders see the raw request (future.v8_passThroughRequests, v8_trailingSlashAwareDataRequests).
describe('data requests', () => {
  const page = (path: string) => {
    const url = pageUrl(new Request(`http://shop.example.test${path}`));
    return `${url.pathname}${url.search}`;
  };
  const langOf = (path: string) => resolveLanguage(new Request(`http://shop.example.test${path}`)).lang;

  it('are read as the page they load', () => {
    expect(page('/_.data')).toBe('/');
    expect(page('/en.data')).toBe('/en');
    expect(page('/en/_.data')).toBe('/en/');
    expect(page('/en/list.data?pn=tea&_routes=routes%2Flist')).toBe('/en/list?pn=tea');
    expect(page('/user-center/_.data?index&_routes=x')).toBe('/user-center/');
    expect(page('/list?pn=a.data')).toBe('/list?pn=a.data');
  });

  it('keep the English prefix and redirect a /zh prefix to the page', () => {
    expect(langOf('/en.data')).toBe('en');
    expect(langOf('/en/_.data')).toBe('en');
    expect(langOf('/en/detail/5.data?_routes=routes%2Fdetail')).toBe('en');
    expect(redirectOf('/zh/list.data?pn=a&_routes=routes%2Flist')).toEqual({ status: 301, location: '/list?pn=a' });
  });
});

describe('loadRootData on shared pages (decision 052)', () => {
  const webConfig = { pcWelcomeCn: '欢迎', pcWelcomeEn: 'Welcome', pcLogoImgText: 'Bazaar', pcCompanyInfoCn: '', pcCompanyInfoEn: '', pcTitleImg: '', pcRecordNumber: '', pcRecordUrl: '', merchantUrl: '' };
  const user = { userId: 'u1', userName: 'alice', nickName: 'Alice', pic: null, sex: null, birthDate: null, mobile: '138****0000', level: 0, levelType: 0, levelName: null, vipEndTime: null };
  let asked: Array<{ url: string; authorization: string | undefined }> = [];
  beforeEach(() => {
    asked = [];
    setServerTransport(fetchTransport);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        asked.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
        const body = url.includes('/p/user/userInfo') ? user : url.includes('getSysServiceSwitch') ? { serviceTermsSwitch: true, privacyPolicySwitch: true } : webConfig;
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the user to the browser when the page cache marked the page shared', async () => {
    const result = await loadRootData(new Request('http://shop.example.test/list', { headers: { Cookie: 'token=alice-token', [SHARED_PAGE_HEADER]: '1' } }));
    expect(result.data).toMatchObject({ user: null, isLoggedIn: false, userInBrowser: true });
    expect(asked.some((call) => call.url.includes('/p/user/userInfo') || call.authorization)).toBe(false);
    expect(result.init?.headers).toBeDefined();
    expect(new Headers(result.init?.headers).get('Set-Cookie')).toBeNull();
  });

  it("renders a personal page with the shopper's user", async () => {
    const result = await loadRootData(new Request('http://shop.example.test/cart', { headers: { Cookie: 'token=alice-token' } }));
    expect(result.data).toMatchObject({ user: { nickName: 'Alice' }, isLoggedIn: true, userInBrowser: false });
    expect(asked.find((call) => call.url.includes('/p/user/userInfo'))?.authorization).toBe('alice-token');
  });
});

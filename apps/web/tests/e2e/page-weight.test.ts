// Decision 011: the landing pages (home, search list, product page) load no zod, and their
// JavaScript (gzip -6 over every script the browser loads, the texts included) is held where it
// stands: the target is 150 KB, and on 2026-11-28 the home page and the list were 1.8 and 2.0 KB
// over it and the product page 9.3 KB (the coupon row, package block and promotion row since issue
// 3; decision 011's note). These limits only let them shrink, so nothing can grow unnoticed.
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { API_URL, openPage, test } from './support.ts';

async function scriptsOf(page: Page, url: string): Promise<{ bytes: number; zod: string[] }> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) scripts.set(response.url(), response.text());
  });
  await openPage(page, url);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  const zod: string[] = [];
  for (const [src, body] of scripts) {
    const text = await body;
    bytes += gzipSync(text, { level: 6 }).length;
    if (text.includes('ZodError')) zod.push(src);
  }
  return { bytes, zod };
}

test('the landing pages load no zod and stay within their JavaScript budget', async ({ page, request }) => {
  const card = (await (await request.get(`${API_URL}/search/page?size=1&sort=2`)).json()).records[0] as { prodId: number };
  for (const [url, budget] of [
    ['/', 152_500],
    [`/list?pn=${encodeURIComponent('手机')}`, 152_500],
    // 160,000 until 2026-12-08: +300 for a 401 showing the visitor logged out at once and the group panel's member state (decision 011).
    [`/detail/${card.prodId}`, 160_300],
  ] as const) {
    const { bytes, zod } = await scriptsOf(page, url);
    expect(zod, `${url} loads zod`).toEqual([]);
    expect(bytes, `${url}: ${bytes} bytes of gzip JavaScript`).toBeLessThanOrEqual(budget);
  }
});

// Full-page screenshots of the storefront for the README: home, list, detail, cart, checkout and
// the user center, in Chinese and English, into docs/screenshots/. Runs against a running build
// with the demo seed (npm start), driving Debian's /usr/bin/chromium through playwright-core
// (no browser is downloaded). The demo buyer buyer01 is logged in by the API; when its cart is
// empty, two products are added to it.
//
//   npm start                       # in another terminal
//   node scripts/screenshots.mjs    # WEB_URL, API_URL and CHROMIUM override the defaults
import { createCipheriv } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const API_URL = process.env.API_URL ?? 'http://127.0.0.1:8080';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const OUT = path.join(root, 'docs', 'screenshots');
const WIDTH = 1280;

/** The login password cipher (packages/shared/src/constants/cipher.ts). */
function encryptPassword(password) {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from('bZr-mall-2026-pc', 'utf8'), null);
  return Buffer.concat([cipher.update(`${Date.now()}${password}`, 'utf8'), cipher.final()]).toString('base64');
}

async function call(pathname, { token, method = 'GET', body, lang = 'zh' } = {}) {
  const res = await fetch(`${API_URL}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': lang, ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** A product that shows the detail page well: in stock, several SKUs, with reviews. */
async function pickProducts() {
  const page = await call(`/search/page?keyword=${encodeURIComponent('手机')}&size=20&hasStock=1`);
  const picks = [];
  for (const record of page.records) {
    const detail = await call(`/prod/prodInfo?prodId=${record.prodId}`);
    const sku = detail.skuList.find((s) => s.stocks > 0);
    const summary = await call(`/prod/prodCommData?prodId=${record.prodId}`);
    if (sku && detail.skuList.length > 1 && summary.number > 0) picks.push({ prodId: detail.prodId, skuId: sku.skuId, shopId: detail.shopId });
    if (picks.length === 1) break;
  }
  const tea = await call(`/search/page?keyword=${encodeURIComponent('茶杯')}&size=10&hasStock=1`);
  for (const record of tea.records) {
    const detail = await call(`/prod/prodInfo?prodId=${record.prodId}`);
    const sku = detail.skuList.find((s) => s.stocks > 0);
    if (sku) {
      picks.push({ prodId: detail.prodId, skuId: sku.skuId, shopId: detail.shopId });
      break;
    }
  }
  if (picks.length < 2) throw new Error('the demo catalogue has no products to show');
  return picks;
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const { accessToken: token } = await call('/login', { method: 'POST', body: { userName: 'buyer01', passWord: encryptPassword('bazaar123') } });
  const [phone, cup] = await pickProducts();
  if ((await call('/p/shopCart/prodCount', { token })) === 0) {
    for (const p of [phone, cup]) await call('/p/shopCart/changeItem', { token, method: 'POST', body: { basketId: 0, prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, count: 1 } });
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    for (const lang of ['zh', 'en']) {
      const prefix = lang === 'en' ? '/en' : '';
      const pages = [
        ['home', `${prefix}/`, false],
        ['list', `${prefix}/list?pn=${encodeURIComponent(lang === 'en' ? 'phone' : '手机')}`, false],
        ['detail', `${prefix}/detail/${phone.prodId}`, false],
        ['cart', `${prefix}/cart`, true],
        ['checkout', `${prefix}/submit-order?prodId=${cup.prodId}&skuId=${cup.skuId}&prodCount=1`, true],
        ['user-center', `${prefix}/user-center`, true],
      ];
      for (const [name, url, loggedIn] of pages) {
        const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 }, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
        if (loggedIn) await context.addCookies([{ name: 'token', value: token, url: WEB_URL }]);
        const page = await context.newPage();
        await page.goto(`${WEB_URL}${url}`, { waitUntil: 'networkidle' });
        // Let lazy images load: scroll through the page, then back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const shot = await page.screenshot({ fullPage: true, animations: 'disabled' });
        const file = path.join(OUT, `${name}-${lang}.png`);
        await sharp(shot).png({ palette: true, quality: 85, compressionLevel: 9, effort: 8 }).toFile(file);
        console.log(`${path.relative(root, file)}  ${url}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();

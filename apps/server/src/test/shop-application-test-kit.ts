// Store applications for tests: images uploaded through the API, a valid application body, and an
// application taken through review. Needs the seeded database (the region table).
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';
import { json } from './account-test-kit.ts';
import { adminToken } from './admin-test-kit.ts';

export const pixels = (background: string, width = 8, height = 6) => sharp({ create: { width, height, channels: 3, background } });
export const PNG = await pixels('#c00').png().toBuffer();
export const JPEG = await pixels('#0c0').jpeg().toBuffer();

/** Zhejiang > Hangzhou > Shangcheng, from the GB/T 2260 table the seed loads. */
export const REGION = { provinceId: 330000, cityId: 330100, areaId: 330102 } as const;

export function multipart(filename: string, bytes: Buffer, field = 'file') {
  const boundary = '----bazaar-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadImage(t: TestApp, token: string, visibility: 'public' | 'private', filename = 'a.png', bytes: Buffer = PNG, lang = 'en') {
  const body = multipart(filename, bytes);
  return t.app.inject({ method: 'POST', url: `/p/file/upload/${visibility}`, payload: body.payload, headers: { ...body.headers, authorization: token, 'accept-language': lang } });
}

async function uploaded(t: TestApp, token: string, visibility: 'public' | 'private'): Promise<string> {
  const res = await uploadImage(t, token, visibility);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().path as string;
}

let applications = 0;

/** A complete, valid application of this shopper, with four freshly uploaded images. */
export async function applicationBody(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const [shopLogo, businessLicense, identityCardFront, identityCardLater] = await Promise.all([
    uploaded(t, token, 'public'),
    uploaded(t, token, 'private'),
    uploaded(t, token, 'private'),
    uploaded(t, token, 'private'),
  ]);
  return {
    // A name no other test searches for (approved shops appear in the store search).
    shopName: `Qzx ${String(++applications).padStart(4, '0')} 铺`,
    tel: '13912345678',
    ...REGION,
    shopAddress: 'No. 8 West Lake Road',
    shopLat: 30.25,
    shopLng: 120.16,
    intro: 'Hand-picked green teas from West Lake.',
    shopLogo,
    businessLicense,
    identityCardFront,
    identityCardLater,
    ...overrides,
  };
}

export function apply(t: TestApp, token: string, body: unknown, lang = 'en') {
  return t.app.inject({ method: 'POST', url: '/p/shop/apply', ...json(body, { headers: { authorization: token, 'accept-language': lang } }) });
}

export function review(t: TestApp, staffToken: string, shopId: number, decision: 'approve' | 'reject', remarks?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/shop/applications/${shopId}/${decision}`,
    ...json(decision === 'reject' ? { remarks } : {}, { headers: { authorization: staffToken, 'accept-language': 'en' } }),
  });
}

/** Applies with a valid body and has staff approve it; answers the shop id. */
export async function openShopFor(t: TestApp, token: string): Promise<number> {
  const res = await apply(t, token, await applicationBody(t, token));
  if (res.statusCode !== 200) throw new Error(`apply failed: ${res.body}`);
  const shopId = res.json().shopId as number;
  const approved = await review(t, await adminToken(t), shopId, 'approve');
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return shopId;
}

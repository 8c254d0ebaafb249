import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBannerSchema } from '@bazaar/shared/schemas/platform-banners';
import { BannerSchema } from '@bazaar/shared/schemas/home';
import { auditLogs, banners, products } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { JPEG, multipart } from '../test/shop-application-test-kit.ts';

let t: TestApp;
let staff: string;
const en = { 'accept-language': 'en' };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, body?: unknown, lang: Record<string, string> = en) => {
  const headers = { ...lang, ...(token ? { authorization: token } : {}) };
  return t.app.inject({ method, url, ...(body === undefined ? { headers } : json(body, { headers })) });
};
const home = async (lang: Record<string, string> = {}) => BannerSchema.array().parse((await call('GET', '/banner/list/0', undefined, undefined, lang)).json());

async function upload(): Promise<string> {
  const form = multipart('banner.jpg', JPEG);
  const res = await t.app.inject({ method: 'POST', url: '/admin/file/upload', ...form, headers: { ...form.headers, authorization: staff } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}
const lastAuditId = async () => (await t.ctx.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.id ?? 0;
const auditSince = (id: number) => t.ctx.db.select().from(auditLogs).where(and(gt(auditLogs.id, id), eq(auditLogs.targetType, 'banner'))).orderBy(desc(auditLogs.id));

const created: number[] = [];
beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
});
// Slides made here are removed afterwards: other suites and the journeys read the seeded carousel.
afterAll(async () => {
  for (const id of created) await t.ctx.db.delete(banners).where(eq(banners.id, id));
  await t.ctx.caches.invalidate('home');
});

describe('/admin/banners', () => {
  it('answers staff only', async () => {
    expect((await call('GET', '/admin/banners')).statusCode).toBe(401);
    const shopper = await registerUser(t);
    expect((await call('GET', '/admin/banners', shopper.token)).statusCode).toBe(401);
    expect((await call('POST', '/admin/banners', shopper.token, {})).statusCode).toBe(401);
  });

  it('lists the seeded home slides in order, each with both pictures and the product it opens', async () => {
    const list = AdminBannerSchema.array().parse((await call('GET', '/admin/banners', staff)).json());
    const seeded = list.filter((b) => b.img.includes('/banner-'));
    expect(seeded).toHaveLength(5);
    expect(list.map((b) => b.seq)).toEqual([...list.map((b) => b.seq)].sort((a, b) => a - b));
    for (const b of seeded) {
      expect(b.imgEn).toMatch(/-en-[0-9a-f]+\.webp$/);
      expect(b.prodOnSale).toBe(true);
      expect(b.prodName).toMatch(/[A-Za-z]/);
    }
  });

  it('adds a slide with a picture per language; the storefront shows it at once, in each language, and the audit log has it', async () => {
    const before = await lastAuditId();
    // The home page is cached: read it first, so the change must drop the cache to show.
    await home();
    const [zhImg, enImg] = [await upload(), await upload()];
    const target = await createTestProduct(t);
    const res = await call('POST', '/admin/banners', staff, { img: zhImg, imgEn: enImg, titleZh: '测试轮播 双语', titleEn: 'Test slide, bilingual', prodId: target.prodId, seq: 9000, enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const slide = AdminBannerSchema.parse(res.json());
    created.push(slide.id);
    expect(slide).toMatchObject({ img: zhImg, imgEn: enImg, titleEn: 'Test slide, bilingual', prodId: target.prodId, prodOnSale: true, seq: 9000, enabled: true });

    expect((await home()).at(-1)).toEqual({ imgUrl: zhImg, prodId: target.prodId, title: '测试轮播 双语', seq: 9000 });
    expect((await home(en)).at(-1)).toEqual({ imgUrl: enImg, prodId: target.prodId, title: 'Test slide, bilingual', seq: 9000 });
    const [entry] = await auditSince(before);
    expect(entry).toMatchObject({ action: 'banner.create', targetId: String(slide.id), before: null, after: expect.objectContaining({ img: zhImg, imgEn: enImg, prodId: target.prodId }) });

    // Without an English picture, English pages show the Chinese one.
    const edited = await call('PUT', `/admin/banners/${slide.id}`, staff, { img: zhImg, imgEn: null, titleZh: '测试轮播', titleEn: 'Test slide', prodId: null, seq: 9001, enabled: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminBannerSchema.parse(edited.json())).toMatchObject({ imgEn: null, prodId: null, prodName: null, prodOnSale: false });
    expect((await home(en)).at(-1)).toEqual({ imgUrl: zhImg, prodId: null, title: 'Test slide', seq: 9001 });
    expect((await auditSince(before))[0]).toMatchObject({ action: 'banner.update', before: expect.objectContaining({ imgEn: enImg }), after: expect.objectContaining({ imgEn: null }) });

    // Hidden: gone from the storefront at once; shown again: back.
    const hidden = await call('PUT', `/admin/banners/${slide.id}/status`, staff, { enabled: false });
    expect(AdminBannerSchema.parse(hidden.json()).enabled).toBe(false);
    expect((await home()).some((b) => b.imgUrl === zhImg)).toBe(false);
    expect((await auditSince(before))[0]).toMatchObject({ action: 'banner.status', before: { status: 1 }, after: { status: 0 } });
    await call('PUT', `/admin/banners/${slide.id}/status`, staff, { enabled: true });
    expect((await home()).some((b) => b.imgUrl === zhImg)).toBe(true);

    // Deleted: gone, audited, and a second delete says the slide does not exist.
    expect((await call('DELETE', `/admin/banners/${slide.id}`, staff)).json()).toEqual({ ok: true });
    expect((await home()).some((b) => b.imgUrl === zhImg)).toBe(false);
    expect((await auditSince(before))[0]).toMatchObject({ action: 'banner.delete', after: null, before: expect.objectContaining({ img: zhImg }) });
    const again = await call('DELETE', `/admin/banners/${slide.id}`, staff);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('The slide does not exist');
  });

  it('says which product a slide opens and whether shoppers can open it now', async () => {
    const target = await createTestProduct(t);
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, target.prodId));
    const res = await call('POST', '/admin/banners', staff, { img: '/uploads/seed/logo.svg', titleZh: '下架商品的轮播', titleEn: 'Slide of a product off the shelf', prodId: target.prodId, seq: 9500, enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    const slide = AdminBannerSchema.parse(res.json());
    created.push(slide.id);
    expect(slide).toMatchObject({ prodId: target.prodId, prodName: null, prodOnSale: false, enabled: false, imgEn: null });
  });

  it.each([
    [{ img: undefined }, 'Please upload the picture for Chinese pages'],
    [{ img: 'https://evil.example/x.png' }, 'Please upload the picture for Chinese pages'],
    [{ imgEn: '/uploads/private/a.png' }, 'The picture is not valid, please upload it again'],
    [{ img: '/uploads/images/00000000-0000-0000-0000-000000000000.png' }, 'The picture is not valid, please upload it again'],
    [{ titleZh: '  ' }, 'Please enter the Chinese title'],
    [{ titleEn: 'x'.repeat(201) }, 'The English title can be at most 200 characters'],
    [{ prodId: 0 }, 'The product number must be a positive whole number'],
    [{ prodId: 2_000_000_000 }, 'That product does not exist or was deleted'],
    [{ seq: 10_000 }, 'The order number must be a whole number from 0 to 9999'],
    [{ enabled: 'yes' }, 'The show switch value is not valid'],
  ])('refuses %j with a clear message, never a 500', async (overrides, message) => {
    const body = { img: '/uploads/seed/logo.svg', imgEn: null, titleZh: '标题', titleEn: 'Title', prodId: null, seq: 1, enabled: true, ...overrides };
    const res = await call('POST', '/admin/banners', staff, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe(message);
  });

  it('answers an unknown slide with 400 in the reader\'s language', async () => {
    const body = { img: '/uploads/seed/logo.svg', titleZh: '标题', titleEn: 'Title' };
    const res = await call('PUT', '/admin/banners/99999999', staff, body, {});
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('该轮播图不存在');
    expect((await call('PUT', '/admin/banners/abc/status', staff, { enabled: true })).statusCode).toBe(400);
  });
});

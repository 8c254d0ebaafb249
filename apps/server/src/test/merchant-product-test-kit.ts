// The merchant center's products for tests: a shop's picture uploaded through the API, a valid
// product body (颜色 × 容量, four SKUs) and the platform tree's ids.
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MerchantProductDetailSchema, type MerchantProductDetail, type MerchantProductBody } from '@bazaar/shared/schemas/merchant-product';
import { categories } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import { json } from './account-test-kit.ts';
import { multipart, PNG } from './shop-application-test-kit.ts';

let counter = 0;
/** A word of letters only (search tokens), unique in this run and across runs. */
export function uniqueWord(): string {
  counter += 1;
  const letters = (n: number) =>
    n
      .toString(26)
      .split('')
      .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
      .join('');
  return `zq${letters(Date.now() % 1e9)}${letters(process.pid % 10_000)}x${letters(counter)}`;
}

export function uploadProductImage(t: TestApp, token: string, filename = 'p.png', bytes: Buffer = PNG, lang = 'en') {
  const body = multipart(filename, bytes);
  return t.app.inject({ method: 'POST', url: '/merchant/file/upload', payload: body.payload, headers: { ...body.headers, authorization: token, 'accept-language': lang } });
}

export async function uploadedProductImage(t: TestApp, token: string): Promise<string> {
  const res = await uploadProductImage(t, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}

/** A shown leaf of the platform tree, with its parent and grandparent. */
export async function leafCategory(t: TestApp): Promise<{ leaf: number; parent: number; top: number }> {
  const [leaf] = await t.ctx.db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.grade, 3), eq(categories.shopId, 0), eq(categories.status, 1)))
    .orderBy(asc(categories.id))
    .limit(1);
  const [parent] = await t.ctx.db.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.id, leaf!.parentId));
  return { leaf: leaf!.id, parent: parent!.id, top: parent!.parentId };
}

/** A bilingual product of two specifications (颜色 × 容量) and four SKUs. */
export function productBody(categoryId: number, imgs: string[], overrides: Partial<MerchantProductBody> = {}): MerchantProductBody {
  return {
    nameZh: '鹦鹉保温杯',
    nameEn: 'Parrot vacuum flask',
    briefZh: '316 不锈钢，12 小时保温',
    briefEn: '316 steel, warm for 12 hours',
    contentZh: '<p>详情</p>',
    contentEn: '<p>Details</p>',
    categoryId,
    shopCategoryId: null,
    imgs,
    mold: 0,
    specs: [
      { nameZh: '颜色', nameEn: 'Color', values: [{ zh: '红色', en: 'Red' }, { zh: '蓝色', en: 'Blue' }] },
      { nameZh: '容量', nameEn: 'Volume', values: [{ zh: '350毫升', en: '350 ml' }, { zh: '500毫升', en: '500 ml' }] },
    ],
    skus: [
      { values: ['红色', '350毫升'], price: 9_900, oriPrice: 12_900, stocks: 10, code: 'PF-R-350' },
      { values: ['红色', '500毫升'], price: 11_900, oriPrice: 14_900, stocks: 20, code: 'PF-R-500' },
      { values: ['蓝色', '350毫升'], price: 9_900, oriPrice: 0, stocks: 5, code: null },
      { values: ['蓝色', '500毫升'], price: 11_900, oriPrice: 14_900, stocks: 0, code: 'PF-B-500' },
    ],
    onShelf: false,
    ...overrides,
  };
}

export function saveProduct(t: TestApp, token: string, body: unknown, prodId?: number, lang = 'en') {
  return t.app.inject({
    method: prodId ? 'PUT' : 'POST',
    url: prodId ? `/merchant/product/${prodId}` : '/merchant/product',
    ...json(body, { headers: { authorization: token, 'accept-language': lang } }),
  });
}

export async function createdProduct(t: TestApp, token: string, body: MerchantProductBody): Promise<MerchantProductDetail> {
  const res = await saveProduct(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantProductDetailSchema.parse(res.json());
}

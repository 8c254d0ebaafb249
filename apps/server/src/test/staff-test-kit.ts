// Factories for the staff console's tests: a fresh open shop of one's own (so taking it offline
// never disturbs another test's seeded shop) with a merchant account of the kit's kind, and the
// staff calls with a token.
import { eq } from 'drizzle-orm';
import { auditLogs, shops } from '../db/schema.ts';
import { createShopAccount } from '../modules/merchant/service.ts';
import type { TestApp } from './test-app.ts';
import { json } from './account-test-kit.ts';
import { MERCHANT_PASSWORD } from './merchant-test-kit.ts';

let counter = 0;

export interface TestShop {
  shopId: number;
  nameZh: string;
  nameEn: string;
  /** The merchant login: shop<id> / MERCHANT_PASSWORD. */
  username: string;
}

/** An open ordinary shop with a merchant account, named uniquely in both languages. */
export async function createTestShop(t: TestApp): Promise<TestShop> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid % 1000}s${counter}`;
  const nameZh = `测试店${tag}`;
  const nameEn = `Test shop ${tag}`;
  const [row] = await t.ctx.db
    .insert(shops)
    .values({ nameZh, nameEn, status: 1, type: 2, tel: '13900000000', province: '浙江省', city: '杭州市', area: '西湖区' })
    .returning({ id: shops.id });
  const shopId = row!.id;
  const username = `shop${shopId}`;
  await createShopAccount(t.ctx, { shopId, username, password: MERCHANT_PASSWORD });
  return { shopId, nameZh, nameEn, username };
}

export const bearer = (token: string, lang: 'zh' | 'en' = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });

/** A staff call (POST with a JSON body when `body` is given). */
export function staffCall(t: TestApp, token: string, method: 'GET' | 'POST', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  if (method === 'GET') return t.app.inject({ method, url, headers: bearer(token, lang) });
  return t.app.inject({ method, url, ...json(body ?? {}, { headers: bearer(token, lang) }) });
}

/** The audit entries about one target, oldest first. */
export async function auditOf(t: TestApp, targetType: string, targetId: string | number) {
  const rows = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(targetId))).orderBy(auditLogs.id);
  return rows.filter((r) => r.targetType === targetType);
}

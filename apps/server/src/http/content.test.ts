import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { InviteConfigSchema, NoticeDetailSchema, NoticeSummarySchema, PaySwitchSchema, ServiceSwitchSchema, WebConfigSchema } from '@bazaar/shared/schemas/site';
import { createContentService, SITE_CONFIG_CACHE } from '../modules/content/service.ts';
import { CONFIG_KEYS } from '../modules/content/config-keys.ts';
import { siteConfig } from '../db/schema.ts';
import { flowAnalysisLogs, notices } from '../db/schema.ts';
import { demoUserId } from '../db/seed/seed.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { loginWithPassword } from '../test/account-test-kit.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('GET /webConfig/getPcWebConfig', () => {
  it('answers the seeded site config as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webConfig/getPcWebConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const config = WebConfigSchema.parse(res.json());
    expect(config.pcWelcomeCn).toBe('欢迎来到 Bazaar 商城！');
    expect(config.pcWelcomeEn).toBe('Welcome to the Bazaar mall!');
    expect(config.pcCompanyInfoCn.split('\n').length).toBeGreaterThan(1);
    expect(config.pcRecordNumber).toMatch(/^沪ICP备\d+号-\d$/);
    expect(config.pcLogoImgText).toMatch(/^\/uploads\/seed\/.+\.svg$/);
  });

  it('serves the same bytes on every call (cached serialization)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/webConfig/getPcWebConfig' });
    const b = await t.app.inject({ method: 'GET', url: '/webConfig/getPcWebConfig', headers: en });
    expect(b.body).toBe(a.body);
  });
});

describe('GET /webConfig/getInviteConfig', () => {
  it('answers the seeded investor relations and merchant invitation in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webConfig/getInviteConfig' });
    expect(res.statusCode).toBe(200);
    const invite = InviteConfigSchema.parse(res.json());
    expect(invite.inviteTitleCn).toBe('投资者关系与商家招募');
    expect(invite.inviteTitleEn).toBe('Investor relations and selling on Bazaar');
    expect(invite.inviteContentCn).toContain('免费申请开店');
    expect(invite.inviteContentEn).toContain('How to apply for a free store');
  });

  it('cleans the stored HTML and answers 404 while the platform has set nothing', async () => {
    const content = createContentService(t.ctx);
    const seeded = InviteConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/webConfig/getInviteConfig' })).json());
    try {
      await content.setConfig(CONFIG_KEYS.invite, { ...seeded, inviteContentEn: '<p onclick="alert(1)">Hi<script>alert(1)</script></p>' });
      const cleaned = InviteConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/webConfig/getInviteConfig' })).json());
      expect(cleaned.inviteContentEn).toBe('<p>Hi</p>');
      await t.ctx.db.delete(siteConfig).where(eq(siteConfig.key, CONFIG_KEYS.invite));
      await t.ctx.caches.invalidate(SITE_CONFIG_CACHE);
      const missing = await t.app.inject({ method: 'GET', url: '/webConfig/getInviteConfig', headers: en });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe('The requested content does not exist');
    } finally {
      await content.setConfig(CONFIG_KEYS.invite, seeded);
    }
  });
});

describe('switches and terms', () => {
  it('answers the service switch with both terms links on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sys/config/info/getSysServiceSwitch' });
    expect(res.statusCode).toBe(200);
    expect(ServiceSwitchSchema.parse(res.json())).toEqual({ serviceTermsSwitch: true, privacyPolicySwitch: true });
  });

  it('answers the pay switch with every method on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sys/config/info/getSysPaySwitch' });
    expect(res.statusCode).toBe(200);
    expect(PaySwitchSchema.parse(res.json())).toEqual({ aliPaySwitch: true, wxPaySwitch: true, balancePaySwitch: true });
  });

  it('answers the terms and the privacy policy in the request language', async () => {
    const zhTerms = (await t.app.inject({ method: 'GET', url: '/sys/config/info/serviceTerms' })).json();
    const enTerms = (await t.app.inject({ method: 'GET', url: '/sys/config/info/serviceTerms', headers: en })).json();
    expect(zhTerms.title).toBe('Bazaar 用户服务协议');
    expect(enTerms.title).toBe('Bazaar Terms of Service');
    expect(zhTerms.content).toContain('<p>');
    const zhPolicy = (await t.app.inject({ method: 'GET', url: '/sys/config/info/servicePolicy' })).json();
    const enPolicy = (await t.app.inject({ method: 'GET', url: '/sys/config/info/servicePolicy', headers: { 'accept-language': 'fr' } })).json();
    expect(zhPolicy.title).toBe('Bazaar 隐私政策');
    // An unknown language counts as zh.
    expect(enPolicy.title).toBe('Bazaar 隐私政策');
  });
});

describe('notices', () => {
  it('lists at most 10 platform notices for the ticker, top ones first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/notice/topNoticeList/0' });
    expect(res.statusCode).toBe(200);
    const list = NoticeSummarySchema.array().parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list[0]?.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const tops = await t.ctx.db.select({ id: notices.id }).from(notices).where(and(eq(notices.shopId, 0), eq(notices.isTop, true)));
    const topIds = new Set(tops.map((r) => r.id));
    const firstNonTop = list.findIndex((n) => !topIds.has(n.id));
    expect(list.slice(firstNonTop).every((n) => !topIds.has(n.id))).toBe(true);
  });

  it('translates titles and falls back to zh when a notice has no English', async () => {
    const [row] = await t.ctx.db
      .insert(notices)
      .values({ shopId: 0, titleZh: '仅中文公告', titleEn: null, contentZh: '<p>中文内容</p>', contentEn: null, publishTime: new Date('2020-01-01T00:00:00Z') })
      .returning({ id: notices.id });
    const enList = (await t.app.inject({ method: 'GET', url: '/shop/notice/topNoticeList/0', headers: en })).json();
    expect(enList[0].title).toMatch(/[A-Za-z]/);
    const detail = await t.app.inject({ method: 'GET', url: `/shop/notice/info/${row?.id}`, headers: en });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ title: '仅中文公告', content: '<p>中文内容</p>', shopId: 0, publishTime: '2020-01-01 08:00:00' });
  });

  it('cleans the HTML of a notice (store owners write them too)', async () => {
    const [row] = await t.ctx.db
      .insert(notices)
      .values({
        shopId: 0,
        titleZh: '带脚本的公告',
        contentZh: '<p onclick="steal()">正文<script>alert(1)</script><img src="/uploads/a.png" onerror="steal()"><a href="javascript:steal()">链接</a></p>',
        publishTime: new Date('2020-01-02T00:00:00Z'),
      })
      .returning({ id: notices.id });
    const detail = (await t.app.inject({ method: 'GET', url: `/shop/notice/info/${row?.id}` })).json();
    expect(detail.content).toContain('正文');
    expect(detail.content).toContain('<img src="/uploads/a.png"');
    expect(detail.content).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it('pages a notice list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/notice/noticeList/0?current=2&size=3', headers: en });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ current: 2, size: 3 });
    expect(page.records).toHaveLength(3);
    expect(page.pages).toBe(Math.ceil(page.total / 3));
    const defaults = (await t.app.inject({ method: 'GET', url: '/shop/notice/noticeList/0' })).json();
    expect(defaults).toMatchObject({ current: 1, size: 10 });
  });

  it('shows a shop’s own notices and a detail in both languages', async () => {
    // The seed's shop notices are the oldest rows; other files add notices to shops of their own (and close some of them).
    const [shopNotice] = await t.ctx.db
      .select()
      .from(notices)
      .where(and(eq(notices.isTop, true), gt(notices.shopId, 0), eq(notices.status, 1)))
      .orderBy(notices.id)
      .limit(1);
    expect(shopNotice?.shopId).toBeGreaterThan(0);
    const list = (await t.app.inject({ method: 'GET', url: `/shop/notice/topNoticeList/${shopNotice?.shopId}` })).json();
    expect(list.map((n: { id: number }) => n.id)).toContain(shopNotice?.id);
    const zh = await t.app.inject({ method: 'GET', url: `/shop/notice/info/${shopNotice?.id}` });
    const enRes = await t.app.inject({ method: 'GET', url: `/shop/notice/info/${shopNotice?.id}`, headers: en });
    expect(NoticeDetailSchema.parse(zh.json()).title).toBe(shopNotice?.titleZh);
    expect(enRes.json().title).toBe(shopNotice?.titleEn);
    expect(enRes.json().content).toBe(shopNotice?.contentEn);
  });

  it('answers an unknown notice with 400 "announcement does not exist"', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/shop/notice/info/2147483000' });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toBe('公告不存在');
    const enRes = await t.app.inject({ method: 'GET', url: '/shop/notice/info/2147483000', headers: en });
    expect(enRes.body).toBe('The announcement does not exist');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999'])('answers a bad notice id %s with 400 text', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/shop/notice/info/${id}`, headers: en });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The id is invalid');
  });

  it.each(['x', '-1', '1e3x', '99999999999999'])('answers a bad shop id %s with 400 text', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/shop/notice/topNoticeList/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('编号不正确');
  });

  it('rejects bad paging with 400 text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/notice/noticeList/0?current=0' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('页码不正确');
    const big = await t.app.inject({ method: 'GET', url: '/shop/notice/noticeList/0?size=1000', headers: en });
    expect(big.statusCode).toBe(400);
    expect(big.body).toBe('A page cannot hold more than 100 items');
  });
});

describe('POST /flowAnalysisLog and /p/flowAnalysisLog', () => {
  const uuid = () => `test-${Date.now().toString(36)}-${Math.floor(performance.now() * 1000).toString(36)}`;
  const log = (extra: Record<string, unknown> = {}) => ({
    pageId: 3,
    bizType: 0,
    bizData: '42',
    visitType: 1,
    nums: 1,
    step: 2,
    systemType: 1,
    uuid: uuid(),
    uuidSession: uuid(),
    prevPageId: 1,
    ...extra,
  });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

  it('stores an anonymous page view without a user, whatever the body says', async () => {
    const body = log({ userId: demoUserId('buyer01') });
    const res = await post('/flowAnalysisLog', body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const [row] = await t.ctx.db.select().from(flowAnalysisLogs).where(eq(flowAnalysisLogs.uuidSession, body.uuidSession));
    expect(row).toMatchObject({ pageId: 3, bizType: 0, bizData: '42', step: 2, userId: null, prevPageId: 1 });
  });

  it('takes the user of a logged-in page view from the token only', async () => {
    const login = await loginWithPassword(t, 'buyer02', 'bazaar123');
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().accessToken as string;
    const body = log({ userId: demoUserId('buyer01'), pageId: 8 });
    const res = await post('/p/flowAnalysisLog', body, { authorization: token });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(flowAnalysisLogs).where(eq(flowAnalysisLogs.uuidSession, body.uuidSession));
    expect(row?.userId).toBe(demoUserId('buyer02'));
    expect(row?.pageId).toBe(8);
  });

  it('answers /p/flowAnalysisLog without a token with 401', async () => {
    const res = await post('/p/flowAnalysisLog', log());
    expect(res.statusCode).toBe(401);
  });

  it('rejects malformed JSON with 400 text', async () => {
    const res = await post('/flowAnalysisLog', '{"pageId": 1,', en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The request body is not valid JSON');
  });

  it.each([
    ['a page id out of range', { pageId: 14 }],
    ['a string page id', { pageId: 'index' }],
    ['a missing uuid', { uuid: undefined }],
    ['a short session id', { uuidSession: 'x' }],
    ['a negative step', { step: -1 }],
    ['an unknown biz type', { bizType: 7 }],
  ])('rejects %s with 400 text', async (_name, extra) => {
    const res = await post('/flowAnalysisLog', log(extra), en);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('rejects a body that is not an object with 400', async () => {
    const res = await post('/flowAnalysisLog', '[1,2,3]');
    expect(res.statusCode).toBe(400);
  });

  it('rejects an oversized body with 413 text, not 500', async () => {
    const res = await post('/flowAnalysisLog', log({ bizData: 'x'.repeat(20_000) }), en);
    expect(res.statusCode).toBe(413);
    expect(res.body).toBe('The request is too large');
  });
});

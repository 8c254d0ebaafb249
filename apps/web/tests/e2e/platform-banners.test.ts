// Issue 9: staff manage the home page's carousel in the platform console: the seeded slides with
// both pictures, a new slide with a Chinese and an English picture uploaded through the page, its
// titles, product and order, edited, then deleted; each change is in the audit log; the page passes
// axe in both console languages. The new slide stays hidden the whole time, so the home journeys
// running at once never meet it (the API tests cover the storefront following a change).
// Staff log in as `mkt01`, an account no other journey uses (one session per staff account).
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { AdminBannerSchema } from '@bazaar/shared/schemas/platform-banners';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, watchPageProblems, test } from './support.ts';
import { settled, staffLogin } from './platform-console.ts';

// A real 24 x 6 PNG.
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABgAAAAGCAIAAABWyclEAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWM4Y2xMFcQwatAZuoURAJ/DrCHNIuaCAAAAAElFTkSuQmCC', 'base64');

async function openBanners(console: Page, menu: string): Promise<void> {
  await console.getByRole('navigation').getByRole('menuitem', { name: menu }).click();
  await expect(console.getByRole('heading', { level: 2, name: menu })).toBeVisible();
  await settled(console);
}

test('staff add a home banner with a picture per language, edit it, and delete it; the audit log has each step', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'zh-CN' });
  const problems = await watchPageProblems(context);
  const console = await context.newPage();
  await staffLogin(console, 'mkt01');
  const token = await console.evaluate(() => sessionStorage.getItem('bazaar-platform-token'));
  const staffApi = async () => z.array(AdminBannerSchema).parse(await (await request.get(`${API_URL}/admin/banners`, { headers: { Authorization: token ?? '' } })).json());

  await openBanners(console, '首页轮播图');
  const seeded = (await staffApi()).filter((b) => b.img.includes('/banner-'));
  expect(seeded).toHaveLength(5);
  const rows = console.locator('.ant-table-tbody tr');
  await expect(rows).toHaveCount((await staffApi()).length);
  // Each seeded slide shows its Chinese and its English picture.
  const first = rows.first();
  await expect(first.locator('img')).toHaveCount(2);
  await expect(first.locator('img').nth(1)).toHaveAttribute('src', seeded[0]!.imgEn!);
  await expectNoSeriousA11yViolations(console, 'platform home banners');

  // A new slide, hidden, with both pictures uploaded through the page.
  const tag = Date.now().toString(36);
  await console.getByRole('button', { name: '新增轮播图' }).click();
  const drawer = console.getByRole('dialog', { name: '新增轮播图' });
  await drawer.locator('input[type=file]').nth(0).setInputFiles({ name: 'zh.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(drawer.getByRole('button', { name: '移除图片: 中文页面的图片' })).toBeVisible();
  await drawer.locator('input[type=file]').nth(1).setInputFiles({ name: 'en.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(drawer.getByRole('button', { name: '移除图片: 英文页面的图片' })).toBeVisible();
  await drawer.getByLabel('中文标题（替代文字）').fill(`测试轮播 ${tag}`);
  await drawer.getByLabel('英文标题（替代文字）').fill(`Test banner ${tag}`);
  await drawer.getByLabel('链接商品编号').fill(String(seeded[0]!.prodId));
  await drawer.getByLabel('排序号（小的在前）').fill('9900');
  await drawer.getByRole('switch', { name: '在首页显示' }).click();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(console.getByText('已保存')).toBeVisible();

  const added = (await staffApi()).find((b) => b.titleEn === `Test banner ${tag}`);
  expect(added).toMatchObject({ enabled: false, seq: 9900, prodId: seeded[0]!.prodId, prodOnSale: true });
  expect(added!.img).toMatch(/^\/uploads\/images\//);
  expect(added!.imgEn).toMatch(/^\/uploads\/images\//);
  expect(added!.imgEn).not.toBe(added!.img);
  const row = rows.filter({ hasText: `测试轮播 ${tag}` });
  await expect(row).toContainText(seeded[0]!.prodName!);
  await expect(row.getByRole('switch', { name: `在首页显示「测试轮播 ${tag}」` })).not.toBeChecked();

  // Edited: no English picture any more (English pages would show the Chinese one).
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = console.getByRole('dialog', { name: '编辑轮播图' });
  await edit.getByRole('button', { name: '移除图片: 英文页面的图片' }).click();
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('同中文图');
  expect((await staffApi()).find((b) => b.id === added!.id)?.imgEn).toBeNull();

  // The console in English reads as English.
  await console.getByRole('button', { name: 'English' }).click();
  await openBanners(console, 'Home banners');
  await expect(rows.filter({ hasText: `Test banner ${tag}` })).toContainText('Same as Chinese');
  await expectNoSeriousA11yViolations(console, 'platform home banners, English');
  await console.getByRole('button', { name: '中文' }).click();
  await openBanners(console, '首页轮播图');

  // Deleted after a confirmation.
  await row.getByRole('button', { name: '删除' }).click();
  await console.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(console.getByText('已删除')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await staffApi()).some((b) => b.id === added!.id)).toBe(false);

  // The audit log has the three steps: through the API, and the newest on the console's page.
  const logged = async (action: string) =>
    ((await (await request.get(`${API_URL}/admin/audit-logs?action=${action}&current=1&size=20`, { headers: { Authorization: token ?? '' } })).json()) as { records: { targetId: string }[] }).records.map((r) => r.targetId);
  for (const action of ['banner.create', 'banner.update', 'banner.delete']) expect(await logged(action)).toContain(String(added!.id));
  await openBanners(console, '操作日志');
  await expect(console.locator('.ant-table-tbody tr').filter({ hasText: `banner #${added!.id}` }).first()).toContainText('删除首页轮播图');
  expect(problems(), 'console errors, page errors or CSP violations in the platform console').toEqual([]);
  await context.close();
});

// Issue 10, journey 4: staff change the welcome text and a terms switch in the platform console and
// the storefront shows the change without a restart; a notice published in the console appears in
// /notice-list (and leaves it when unpublished); the category, notice and site-settings pages pass
// axe. Staff log in as `site01`, a super administrator of this journey's own (site settings and the
// audit log belong to no narrower role, decision 057): each staff account keeps one session, and
// the store-application journey logs in as `admin` at the same time.
//
// The privacy-policy switch is the one turned off and on again: other journeys open the service
// terms page and the login form's agreement while this one runs.
import { expect, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { openPage, topBar, watchPageProblems, zh, test } from './support.ts';

const PLATFORM_URL = process.env.BAZAAR_E2E_PLATFORM_URL ?? 'http://127.0.0.1:13002';

// One after another: the three share the `site01` account, and a new login ends the older session.
test.describe.configure({ mode: 'serial' });

/** A console tab of its own (its own staff session), watched for console errors and CSP violations like the storefront's. */
async function openConsole(browser: Browser): Promise<{ console: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const problems = await watchPageProblems(context);
  const console = await context.newPage();
  await staffLogin(console);
  return {
    console,
    close: async () => {
      expect(problems(), 'console errors, page errors or CSP violations in the platform console').toEqual([]);
      await context.close();
    },
  };
}

async function staffLogin(console: Page): Promise<void> {
  await console.goto(`${PLATFORM_URL}/`);
  await console.getByLabel('管理账号').fill('site01');
  await console.getByLabel('密码').fill('admin12345');
  await console.getByRole('button', { name: '登录' }).click();
  await expect(console.getByRole('heading', { name: '开店申请' })).toBeVisible();
}

async function openConsolePage(console: Page, menu: string): Promise<void> {
  await console.getByRole('navigation').getByRole('menuitem', { name: menu }).click();
  await expect(console.getByRole('heading', { level: 2, name: menu })).toBeVisible();
  // The scans look at the page as loaded, not through a table's loading veil.
  await expect(console.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The storefront caches site data for seconds (decision 010): reload until the page shows the change. */
async function eventually(page: Page, url: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await openPage(page, url);
    await check();
  }).toPass({ timeout: 20_000, intervals: [500, 1_000] });
}

test('staff change the welcome text and the privacy-policy switch; the storefront follows without a restart', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { console, close } = await openConsole(browser);

  await openConsolePage(console, '站点设置');
  await expectNoSeriousA11yViolations(console, 'platform site settings');
  const welcomeField = console.getByLabel('欢迎语（中文）');
  const original = await welcomeField.inputValue();
  const welcome = `欢迎光临 ${Date.now().toString(36)}`;
  try {
    await welcomeField.fill(welcome);
    await console.getByRole('button', { name: '保存' }).click();
    await expect(console.getByText('已保存')).toBeVisible();

    await eventually(page, '/', async () => {
      await expect(topBar(page)).toContainText(welcome, { timeout: 500 });
    });

    // The privacy-policy switch: the footer link and the page go, and come back.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: zh('layout.footer.privacyPolicy') })).toBeVisible();
    await console.getByRole('tab', { name: '条款开关' }).click();
    const privacy = console.getByRole('switch', { name: '显示隐私政策' });
    await expect(privacy).toBeChecked();
    await privacy.click();
    await console.getByRole('tabpanel', { name: '条款开关' }).getByRole('button', { name: '保存' }).click();
    await expect(console.getByText('已保存').last()).toBeVisible();
    await eventually(page, '/', async () => {
      await expect(footer.getByRole('link', { name: zh('layout.footer.privacyPolicy') })).toHaveCount(0, { timeout: 500 });
    });
    expect((await page.goto('/termsPage?sts=1'))?.status()).toBe(404);
  } finally {
    // Put the demo's values back (also when a step above failed).
    await console.getByRole('tab', { name: '条款开关' }).click();
    const privacy = console.getByRole('switch', { name: '显示隐私政策' });
    if (!(await privacy.isChecked())) {
      await privacy.click();
      await console.getByRole('tabpanel', { name: '条款开关' }).getByRole('button', { name: '保存' }).click();
      await expect(console.getByText('已保存').last()).toBeVisible();
    }
    await console.getByRole('tab', { name: '站点信息' }).click();
    await console.getByLabel('欢迎语（中文）').fill(original);
    await console.getByRole('tabpanel', { name: '站点信息' }).getByRole('button', { name: '保存' }).click();
  }
  await eventually(page, '/', async () => {
    await expect(page.getByRole('contentinfo').getByRole('link', { name: zh('layout.footer.privacyPolicy') })).toBeVisible({ timeout: 500 });
    await expect(topBar(page)).toContainText(original, { timeout: 500 });
  });

  // The audit log names the staff member and the change.
  await openConsolePage(console, '操作日志');
  await expect(console.getByRole('row').filter({ hasText: '修改站点信息' }).filter({ hasText: 'site01' }).first()).toBeVisible();
  await close();
});

test('a notice published in the console appears in /notice-list, and leaves it when unpublished', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { console, close } = await openConsole(browser);

  await openConsolePage(console, '平台公告');
  await expectNoSeriousA11yViolations(console, 'platform notices');
  const tag = Date.now().toString(36);
  const title = `端到端公告 ${tag}`;
  await console.getByRole('button', { name: '写公告' }).click();
  const drawer = console.getByRole('dialog', { name: '写公告' });
  await drawer.getByLabel('中文标题').fill(title);
  await drawer.getByLabel('英文标题').fill(`End-to-end notice ${tag}`);
  await drawer.getByLabel('中文内容').fill('第一段\n第二段');
  await drawer.getByLabel('英文内容').fill('First paragraph\nSecond paragraph');
  await expect(drawer.getByRole('switch', { name: '立即发布' })).toBeChecked();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toBeHidden();
  const row = console.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('已发布')).toBeVisible();

  await eventually(page, '/notice-list', async () => {
    await expect(page.locator('#main').getByRole('link', { name: title })).toBeVisible({ timeout: 500 });
  });
  await page.locator('#main').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('第二段')).toBeVisible();

  await row.getByRole('button', { name: '撤回' }).click();
  await expect(row.getByText('草稿')).toBeVisible();
  await eventually(page, '/notice-list', async () => {
    await expect(page.locator('#main').getByRole('link', { name: title })).toHaveCount(0, { timeout: 500 });
  });
  await close();
});

test('the category page builds and removes a hidden category and passes axe', async ({ browser }) => {
  const { console, close } = await openConsole(browser);
  await openConsolePage(console, '商品分类');
  await expect(console.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(console, 'platform categories');

  const name = `隐藏分类${Date.now().toString(36)}`;
  await console.getByRole('button', { name: '新建一级分类' }).click();
  const modal = console.getByRole('dialog', { name: '新建分类' });
  await modal.getByLabel('中文名称').fill(name);
  await modal.getByLabel('英文名称').fill(`Hidden ${name}`);
  // Hidden, so the storefront of the journeys running beside this one does not change.
  await modal.getByRole('switch', { name: '在商城显示' }).click();
  await expectNoSeriousA11yViolations(console, 'platform category form');
  await modal.getByRole('button', { name: '保存' }).click();
  const row = console.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByRole('button', { name: '删除' }).click();
  await console.getByRole('tooltip').getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row).toHaveCount(0);
  await close();
});

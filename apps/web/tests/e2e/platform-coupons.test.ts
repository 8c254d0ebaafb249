// Platform coupons and every shop's promotions in the console (issue 11 §5): staff create a
// platform coupon; a shopper sees it in the coupon center's platform tab and receives it, and its
// "use now" opens the list's coupon tab (st=5) with its products; the console counts it received and the audit log names the change. The promotions page lists the
// shops' running promotions with their usage. Every console page passes axe.
import { randomInt } from 'node:crypto';
import { expect } from '@playwright/test';
import { checkOpenedPage, expectNoSeriousA11yViolations } from './axe.ts';
import { settled, staffLogin } from './platform-console.ts';
import { openPage, registerShopper, useToken, zh, test } from './support.ts';

test('zh: staff create a platform coupon; a shopper receives it in the coupon center; the console counts it', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const name = `平台新人券 ${Date.now().toString(36)}${randomInt(1000)}`;
  const console = await context.newPage();
  await staffLogin(console, 'mkt02');
  const nav = console.getByRole('navigation');

  // The shops' promotions: running ones by default, with their usage.
  await nav.getByRole('menuitem', { name: '店铺活动' }).click();
  await expect(console.getByRole('heading', { name: '店铺活动' })).toBeVisible();
  await settled(console);
  await expect(console.getByRole('tab', { name: '进行中', selected: true })).toBeVisible();
  await expect(console.getByRole('row').filter({ hasText: '满300减50' }).first()).toContainText('进行中');
  await expect(console.getByRole('columnheader', { name: '订单 / 优惠金额' })).toBeVisible();
  await expectNoSeriousA11yViolations(console, 'platform shop promotions');

  // A platform coupon: ¥8 off with no threshold, valid 15 days after receiving.
  await nav.getByRole('menuitem', { name: '平台优惠券' }).click();
  await expect(console.getByRole('heading', { name: '平台优惠券' })).toBeVisible();
  await settled(console);
  await console.getByRole('button', { name: '新建平台优惠券' }).click();
  await expect(console.getByRole('heading', { name: '新建平台优惠券' })).toBeVisible();
  await console.getByLabel('优惠券名称').fill(name);
  await console.getByLabel('减免金额（元）').fill('8');
  await console.getByRole('radio', { name: '领取后生效' }).check();
  await console.getByLabel('有效天数').fill('15');
  await expectNoSeriousA11yViolations(console, 'platform coupon form');
  await console.getByRole('button', { name: '保存' }).click();
  await expect(console.getByRole('heading', { name: '平台优惠券' })).toBeVisible();
  await settled(console);
  const row = console.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('无门槛减8');
  await expect(row).toContainText('领取 0，使用 0，优惠 ¥0.00');
  await expectNoSeriousA11yViolations(console, 'platform coupons');

  // A shopper finds it in the coupon center's platform tab and receives it. (On the way, the home
  // page's store deals wear the server's labels: the banner's campaign is "every" ¥300.)
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/');
  await expect(page.getByRole('region', { name: zh('homePage.discount.title') })).toContainText('每满300减50');
  await openPage(page, '/coupons?shopType=1&couponType=1');
  const ticket = page.locator('article.coupon-ticket').filter({ hasText: name });
  await expect(ticket).toContainText(zh('coupon.card.platform'));
  await ticket.getByRole('button', { name: zh('coupon.card.receive') }).click();
  await expect(ticket.getByRole('button', { name: zh('coupon.card.received') })).toBeDisabled();

  // "Use now" in my coupons opens the list's coupon tab (st=5) with the products it applies to.
  await openPage(page, '/user-center/uc-coupons');
  await page.locator('.coupon-grid--mine > li').filter({ hasText: name }).getByRole('link', { name: zh('coupon.mine.useNow') }).click();
  await expect(page).toHaveURL(/\/list\?st=5&couponId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: zh('listPage.couponProducts', { name }) })).toBeVisible();
  await expect(page.getByTestId('list-coupon')).toContainText('无门槛');
  await expect(page.getByRole('list', { name: zh('listPage.resultsLabel') }).getByRole('listitem').first()).toBeVisible();
  await checkOpenedPage(page);

  // The console counts it, and the audit log names the change.
  await console.reload();
  await expect(console.getByRole('row').filter({ hasText: name })).toContainText('领取 1，使用 0，优惠 ¥0.00');
  await nav.getByRole('menuitem', { name: '操作日志' }).click();
  await settled(console);
  await expect(console.getByRole('row').filter({ hasText: '新建平台优惠券' }).first()).toBeVisible();
});

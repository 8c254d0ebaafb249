// Balance and top-up (issue 12): a shopper tops up 100 yuan on /user-center/uc-balance through the
// WeChat sandbox QR (a phone, a second browser, confirms) and comes back to the new balance and
// its record; a custom amount above 100,000 yuan is refused with the specification's message;
// staff adjust a balance in the platform console with a reason and the shopper sees the record.
import { expect } from '@playwright/test';
import { checkOpenedPage, expectNoSeriousA11yViolations } from './axe.ts';
import { en, openPage, registerShopper, useToken, watchPageProblems, zh, test } from './support.ts';
import { settled, staffLogin } from './platform-console.ts';

test('zh: top up 100 yuan through the WeChat sandbox QR and see the balance and the record', async ({ page, request, context, baseURL, browser }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);

  // From the user center index's balance tile to the balance page, linked in the menu.
  await openPage(page, '/user-center');
  await page.getByRole('link', { name: zh('balance.overviewLink') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-balance$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('balance.title') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('balance.menu') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('balance-amount')).toHaveText('¥0.00');
  await checkOpenedPage(page);

  // The presets are offered; a custom amount above the limit is refused with the specification's words.
  const form = page.getByRole('region', { name: zh('balance.topUp.title') });
  await expect(form.getByRole('radio')).not.toHaveCount(0);
  await form.getByRole('radio', { name: zh('balance.topUp.custom') }).check();
  const amount = form.getByLabel(zh('balance.topUp.customLabel'));
  await amount.fill('100000.01');
  await form.getByRole('button', { name: zh('balance.topUp.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(zh('balance.errors.amountTooLarge'));
  await expect(page).toHaveURL(/\/user-center\/uc-balance$/);

  // 100 yuan by WeChat: the QR page knows it is a top-up.
  await amount.fill('100');
  await form.getByRole('radio', { name: zh('payment.methods.wechat') }).check();
  await form.getByRole('button', { name: zh('balance.topUp.submit') }).click();
  await expect(page).toHaveURL(/\/weixin-pay\?payNo=\d{19}$/);
  const payNo = new URL(page.url()).searchParams.get('payNo')!;
  await expect(page.getByText(zh('balance.payment.topUpName'))).toBeVisible();
  await expect(page.getByRole('img', { name: zh('payment.weixin.qrLabel') })).toBeVisible();
  await checkOpenedPage(page);

  // The phone opens the QR's link and confirms; the QR page notices and goes back to the balance.
  const codeUrl = await page.getByRole('link', { name: zh('payment.weixin.openOnPhone') }).getAttribute('href');
  const phoneContext = await browser.newContext();
  const phoneProblems = await watchPageProblems(phoneContext);
  const phone = await phoneContext.newPage();
  await phone.goto(codeUrl!);
  await expect(phone.locator('body')).toContainText('¥100.00');
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(phone.locator('body')).toContainText('支付成功');
  await phoneContext.close();
  expect(phoneProblems()).toEqual([]);

  await expect(page).toHaveURL(new RegExp(`/user-center/uc-balance\\?payNo=${payNo}$`), { timeout: 15_000 });
  await expect(page.getByText(zh('balance.topUp.arrived', { amount: '¥100.00', balance: '¥100.00' }))).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText('¥100.00');
  const rows = page.getByRole('region', { name: zh('balance.records.title') }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(zh('balance.type.1'));
  await expect(rows.first()).toContainText('+¥100.00');
  await checkOpenedPage(page);
});

test('staff adjust a balance in the console with a reason; the shopper sees the record (en)', async ({ page, request, context, baseURL }) => {
  test.setTimeout(240_000);
  const shopper = await registerShopper(request);

  const console = await context.newPage();
  await staffLogin(console, 'fin04');
  // The top-up presets page lists the seeded presets.
  await console.getByRole('menuitem', { name: '充值套餐' }).click();
  await expect(console.getByRole('heading', { name: '充值套餐' })).toBeVisible();
  await expect(console.getByRole('row').filter({ hasText: '充 100 送 5 元' })).toHaveCount(1);
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform top-up options');

  await console.getByRole('menuitem', { name: '用户管理' }).click();
  await console.getByLabel('昵称、手机号或用户名').fill(shopper.mobile);
  await console.getByRole('button', { name: /搜\s?索/ }).click();
  await console.mouse.move(0, 0);
  const row = console.getByRole('row').filter({ hasText: shopper.mobile });
  await expect(row).toHaveCount(1);
  await settled(console);
  await row.getByRole('button', { name: '调整余额' }).click();
  const dialog = console.getByRole('dialog');
  await expect(dialog.getByText('当前余额：¥0.00')).toBeVisible();
  await dialog.getByLabel('调整金额（元，正数增加，负数扣减）').fill('-1');
  await dialog.getByLabel('原因').fill('测试扣减');
  await dialog.getByRole('button', { name: /确定调整/ }).click();
  // Below zero is refused with the balance in the message.
  await expect(console.getByText('余额不足，扣减后不能小于 0（当前余额：0.00 元）')).toBeVisible();
  await dialog.getByLabel('调整金额（元，正数增加，负数扣减）').fill('12.5');
  await dialog.getByLabel('原因').fill('物流延误补偿');
  await expectNoSeriousA11yViolations(console, 'platform adjust a balance');
  await dialog.getByRole('button', { name: /确定调整/ }).click();
  await expect(console.getByText('余额已调整，当前余额 ¥12.50')).toBeVisible();
  await console.close();

  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/en/user-center/uc-balance');
  await expect(page.getByTestId('balance-amount')).toHaveText('¥12.50');
  const records = page.getByRole('region', { name: en('balance.records.title') });
  const rows = records.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(en('balance.type.5'));
  await expect(rows.first()).toContainText('+¥12.50');
  // The filters: nothing went out; the adjustment is there by type.
  await records.getByRole('link', { name: en('balance.records.expense'), exact: true }).click();
  await expect(page).toHaveURL(/io=out/);
  await expect(records.getByText(en('balance.records.empty'))).toBeVisible();
  await records.getByRole('link', { name: en('balance.records.allIo'), exact: true }).click();
  // The type links keep the page's other filters: wait until "all" is the page's, or the next link
  // would still carry io=out (and find nothing).
  await expect(page).not.toHaveURL(/io=out/);
  await records.getByRole('link', { name: en('balance.type.5'), exact: true }).click();
  await expect(page).toHaveURL(/type=5/);
  await expect(rows).toHaveCount(1);
  await checkOpenedPage(page);
});

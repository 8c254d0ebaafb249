// Points (issue 12): the daily sign-in on /user-center/uc-integral grows the balance and a second
// try is refused with the specification's message; the records show their sources and filter by
// earned or spent; the user center index shows the points and the balance. At checkout 200 points
// take their worth off the payable; cancelling the order gives them back with a return record.
import { expect } from '@playwright/test';
import { checkOpenedPage } from './axe.ts';
import { API_URL, en, openPage, registerShopper, useToken, zh, test } from './support.ts';
import { addAddressByApi, headers, ok, orderDetail, pickProducts } from './order-support.ts';
import { staffToken } from './platform-console.ts';
import { formatYuan } from '../../app/lib/format.ts';

test('zh: signing in on the points page grows the points once a day; the records show it', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);

  // The user center index: points with the sign-in entry, and the balance.
  await openPage(page, '/user-center');
  const wallet = page.getByRole('region', { name: zh('points.overview.title') });
  await expect(wallet.getByTestId('uc-points')).toHaveText('100');
  await wallet.getByRole('link', { name: zh('points.overview.signIn') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-integral$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('points.title') })).toBeVisible();
  await checkOpenedPage(page);
  await expect(page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('points.menu') })).toHaveAttribute('aria-current', 'page');

  const balance = page.getByTestId('points-balance');
  await expect(balance).toHaveText('100');
  const card = page.getByRole('region', { name: zh('points.signIn.title') });
  await expect(card.getByText(zh('points.signIn.noStreak'))).toBeVisible();
  await expect(card.getByRole('list', { name: zh('points.signIn.calendarLabel') }).getByRole('listitem')).toHaveCount(7);
  await expect(card.getByText(zh('points.signIn.tomorrow', { count: 2 }))).toBeVisible();

  await card.getByRole('button', { name: zh('points.signIn.button', { count: 1 }) }).click();
  await expect(page.locator('.toast').filter({ hasText: zh('points.signIn.gained', { count: 1 }) })).toBeVisible();
  await expect(balance).toHaveText('101');
  await expect(card.getByText(zh('points.signIn.streak', { count: 1 }))).toBeVisible();
  await expect(card.locator('[aria-current="date"]')).toHaveClass(/points-calendar__day--signed/);
  await expect(card.getByText(zh('points.signIn.tomorrow', { count: 2 }))).toBeVisible();

  // A second try the same day: refused with the specification's message; nothing changes.
  await card.getByRole('button', { name: zh('points.signIn.done') }).click();
  await expect(card.getByRole('alert')).toHaveText(zh('points.errors.alreadySignedIn'));
  await expect(balance).toHaveText('101');

  // The records: the sign-in and the registration gift; the filters keep gains or spends.
  const records = page.getByRole('region', { name: zh('points.records.title') });
  const rows = records.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(zh('points.source.3'));
  await expect(rows.nth(0)).toContainText('+1');
  await expect(rows.nth(1)).toContainText(zh('points.source.0'));
  await records.getByRole('link', { name: zh('points.records.filter.out') }).click();
  await expect(page).toHaveURL(/io=out/);
  await expect(records.getByText(zh('points.records.emptyFiltered'))).toBeVisible();
  await records.getByRole('link', { name: zh('points.records.filter.in') }).click();
  await expect(rows).toHaveCount(2);

  // Back on the index, the tile says today is done.
  await openPage(page, '/user-center');
  await expect(page.getByTestId('uc-points')).toHaveText('101');
  await expect(page.getByRole('link', { name: zh('points.overview.signedIn') })).toBeVisible();
});

test('en: the points page in English, axe-clean', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/en/user-center/uc-integral');
  await expect(page.getByRole('heading', { level: 1, name: en('points.title') })).toBeVisible();
  const card = page.getByRole('region', { name: en('points.signIn.title') });
  await card.getByRole('button', { name: en('points.signIn.button', { count: 1 }) }).click();
  await expect(card.getByText(en('points.signIn.streak', { count: 1 }))).toBeVisible();
  await checkOpenedPage(page);
});

test('zh: 200 points at checkout take ¥2 off; cancelling the order gives them back with a record', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  // Staff add 400 points (the registration's 100 make 500); the finance account fin03 is this journey's (points adjustments are finance's, decision 057).
  const { userId } = (await ok(request.get(`${API_URL}/p/user/userInfo`, { headers: headers(shopper.token) }))) as { userId: string };
  await ok(request.post(`${API_URL}/admin/users/${userId}/points`, { headers: { Authorization: await staffToken(request, 'fin03') }, data: { change: 400, reason: 'e2e points journey' } }));
  const [p] = await pickProducts(request, 1, 9);
  await useToken(context, baseURL!, shopper.token);

  await openPage(page, `/submit-order?prodId=${p!.prodId}&skuId=${p!.skuId}&prodCount=1`);
  const section = page.getByRole('region', { name: zh('points.checkout.title') });
  await expect(section).toContainText('500');
  const payable = page.locator('.checkout-summary__amount');
  const before = (await payable.textContent())!;
  const toFen = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

  // Not a multiple of 10: the rule's message, nothing asked.
  const amount = section.getByLabel(zh('points.checkout.amount'));
  await amount.fill('205');
  await section.getByRole('button', { name: zh('points.checkout.apply') }).click();
  await expect(section.getByRole('alert')).toHaveText(zh('points.errors.multipleOfTen'));
  await expect(payable).toHaveText(before);

  await amount.fill('200');
  await section.getByRole('button', { name: zh('points.checkout.apply') }).click();
  await expect(section.getByText(zh('points.checkout.saves', { count: 200, amount: formatYuan(200, 'zh') }))).toBeVisible();
  await expect(section.getByRole('switch', { name: zh('points.checkout.use') })).toBeChecked();
  await expect(payable).toHaveText(formatYuan(toFen(before) - 200, 'zh'));
  await checkOpenedPage(page);

  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19}$/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;
  expect(await orderDetail(request, shopper.token, orderNumber)).toMatchObject({ useScore: 200, scoreAmount: 200 });

  // The order detail shows the points used; cancelling gives them back.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.locator('.order-detail__points')).toContainText(zh('points.orderDetail.used', { score: 200 }));
  await page.getByRole('button', { name: `${zh('orders.actions.cancel')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: zh('orders.confirmCancel.title') }).getByRole('button', { name: zh('orders.confirmCancel.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(zh('orders.status.6'));

  await openPage(page, '/user-center/uc-integral');
  await expect(page.getByTestId('points-balance')).toHaveText('500');
  const rows = page.getByRole('region', { name: zh('points.records.title') }).locator('tbody tr');
  await expect(rows.nth(0)).toContainText(zh('points.source.8'));
  await expect(rows.nth(0)).toContainText('+200');
  await expect(rows.nth(0)).toContainText(orderNumber);
  await expect(rows.nth(1)).toContainText(zh('points.source.4'));
  await expect(rows.nth(1)).toContainText('−200');
});

// Issue 10, the merchant center's dashboard and order tools (decision 028): the store account lands
// on the dashboard (stat cards, the 30-day chart and its table), finds a new virtual order by buyer,
// product and day, exports the filtered list as CSV, and writes off the order's voucher codes at
// the write-off desk; the second write-off of a code is refused. Every page passes axe.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { headers, ok, orderDetail, placeOrderByApi, virtualProduct } from './order-support.ts';
import { API_URL, loginByApi, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';

async function logIn(merchant: Page, shopId: number): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await merchant.getByLabel('商家账号').fill(`shop${shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
}

test('the merchant lands on the dashboard, finds an order by buyer, product and day, exports it, and writes off its voucher codes', async ({ request, context }) => {
  test.setTimeout(120_000);
  // buyer01 (seeded with a balance) buys two pieces of a virtual product: two voucher codes.
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const pick = await virtualProduct(request);
  const orderNumber = await placeOrderByApi(request, token, pick, 2);
  await ok(request.post(`${API_URL}/p/order/pay`, { headers: headers(token), data: { orderNumbers: orderNumber, payType: 9 } }));
  const codes = (await orderDetail(request, token, orderNumber)).virtualInfoList.map((c) => c.code);
  expect(codes).toHaveLength(2);
  const { nickName } = (await ok(request.get(`${API_URL}/p/user/userInfo`, { headers: headers(token) }))) as { nickName: string };
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

  // The dashboard is the landing page: today's figures, the chart and its table by day.
  const merchant = await context.newPage();
  await logIn(merchant, pick.shopId);
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
  const stats = merchant.getByTestId('dashboard-stats');
  for (const title of ['今日成交订单', '今日成交额', '本月成交订单', '本月成交额', '待发货订单', '库存预警 SKU']) await expect(stats).toContainText(title);
  await expect(merchant.getByTestId('dashboard-chart').locator('canvas')).toHaveCount(1);
  await merchant.getByRole('button', { name: '近 30 天每日成交明细' }).click();
  const todayRow = merchant.getByRole('row').filter({ hasText: today });
  await expect(todayRow).toHaveCount(1);
  await expect(todayRow.getByRole('cell').nth(1)).not.toHaveText('0');
  await expectNoSeriousA11yViolations(merchant, 'merchant dashboard');

  // "Ship now" opens the orders to ship.
  await merchant.getByRole('button', { name: '去发货' }).click();
  await expect(merchant.getByRole('tab', { name: '待发货' })).toHaveAttribute('aria-selected', 'true');

  // The search: buyer nickname, two characters of the product's name, today as the range.
  await merchant.getByRole('tab', { name: '全部' }).click();
  await merchant.getByLabel('买家昵称或手机号').fill(nickName);
  await merchant.getByLabel('商品名称').fill([...pick.prodName].slice(0, 2).join(''));
  for (const label of ['开始日期', '结束日期']) {
    await merchant.getByLabel(label).fill(today);
    await merchant.getByLabel(label).press('Enter');
  }
  await merchant.getByRole('button', { name: '查询' }).click();
  const rows = merchant.getByRole('row').filter({ hasText: orderNumber });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(nickName);
  // Off the button just clicked: its hover colour is antd's, not the page's.
  await merchant.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(merchant, 'merchant order search');

  // The export: the filtered list as CSV with a byte order mark.
  const [download] = await Promise.all([merchant.waitForEvent('download'), merchant.getByRole('button', { name: '导出 CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^orders-${pick.shopId}-\\d{14}\\.csv$`));
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').trim().split('\n');
  expect(lines[0]).toMatch(/^订单号,下单时间,付款时间,订单状态,买家/);
  expect(lines.some((l) => l.startsWith(`${orderNumber}\t`) && l.includes(nickName))).toBe(true);

  // The write-off desk: the first code (typed in lower case) is redeemed once; again, it is refused.
  await merchant.getByRole('menuitem', { name: '核销券码' }).click();
  await expect(merchant.getByRole('heading', { name: '核销券码' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant write-off');
  await merchant.getByRole('textbox', { name: '券码' }).fill(codes[0]!.toLowerCase());
  await merchant.getByRole('button', { name: '核销' }).click();
  const result = merchant.getByTestId('write-off-result');
  await expect(result).toContainText('核销成功');
  await expect(result).toContainText(orderNumber);
  await expect(result).toContainText(codes[0]!);
  await merchant.getByRole('textbox', { name: '券码' }).fill(codes[0]!);
  await merchant.getByRole('button', { name: '核销' }).click();
  // The desk's own alert (the export's toast may still be fading out beside it).
  await expect(merchant.getByRole('region', { name: '核销券码' }).getByRole('alert')).toContainText(/该券码已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 核销，不能重复使用/);
  await merchant.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(merchant, 'merchant write-off refused');

  // The buyer's order detail shows the code as used, the other one still unused.
  const after = (await orderDetail(request, token, orderNumber)).virtualInfoList;
  expect(after.find((c) => c.code === codes[0])?.status).toBe(1);
  expect(after.find((c) => c.code === codes[1])?.status).toBe(0);
});

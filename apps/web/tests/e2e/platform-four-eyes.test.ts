// Four eyes on money and the platform's orders (issue 25, decision 058). fin01 adjusts a shopper's
// balance above the approval threshold: the dialog says it waits and the balance does not move;
// fin01 cannot approve their own request; fin02 (in English) approves it on Balance approvals and
// the shopper's balance moves once. Then fin02 lists every shop's orders and opens one. The pages
// and dialogs pass axe. Serial: both tests sign fin02 in (staff keep one session each).
import { expect, type APIRequestContext } from '@playwright/test';
import { BalanceLogPageSchema } from '@bazaar/shared/schemas/balance';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { settled, staffLogin } from './platform-console.ts';
import { API_URL, registerShopper, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

const records = async (request: APIRequestContext, token: string) =>
  BalanceLogPageSchema.parse(await ok(request.get(`${API_URL}/p/userBalanceLog/log`, { headers: { authorization: token } })));

test('fin01 asks for a large balance adjustment; fin02 approves it and the balance moves once', async ({ request, context }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);
  const reason = `大额补偿 ${Date.now().toString(36)}`;

  const fin01 = await context.newPage();
  await staffLogin(fin01, 'fin01');
  await fin01.getByRole('menuitem', { name: '用户管理' }).click();
  await fin01.getByLabel('昵称、手机号或用户名').fill(shopper.mobile);
  await fin01.getByRole('button', { name: /搜\s?索/ }).click();
  await fin01.mouse.move(0, 0);
  const user = fin01.getByRole('row').filter({ hasText: shopper.mobile });
  await expect(user).toHaveCount(1);
  await settled(fin01);
  await user.getByRole('button', { name: '调整余额' }).click();
  const dialog = fin01.getByRole('dialog');
  await expect(dialog.getByText('当前余额：¥0.00')).toBeVisible();
  // The threshold is said before anything is sent (the server's BALANCE_APPROVAL_THRESHOLD_FEN).
  await expect(dialog.getByText('超过 ¥1,000.00 的调整需另一位财务人员审批后生效。')).toBeVisible();
  await dialog.getByLabel('调整金额（元，正数增加，负数扣减）').fill('1500');
  await dialog.getByLabel('原因').fill(reason);
  await dialog.getByRole('button', { name: /确定调整/ }).click();
  await expect(fin01.getByText('超过 ¥1,000.00 的调整需另一位财务人员审批：已提交“余额审批”，余额暂未变动')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await records(request, shopper.token)).total).toBe(0);

  // The requester sees the request, marked as theirs, and cannot decide it.
  await fin01.getByRole('menuitem', { name: '余额审批' }).click();
  await expect(fin01.getByRole('heading', { name: '余额审批' })).toBeVisible();
  const own = fin01.getByRole('row').filter({ hasText: reason });
  await expect(own).toContainText('+¥1500.00');
  await expect(own).toContainText('我提交的');
  await expect(own.getByRole('button', { name: '通过' })).toBeDisabled();
  await expect(own.getByRole('button', { name: '驳回' })).toBeDisabled();
  await own.getByLabel('这是您提交的申请，须由另一位财务人员审批').hover();
  await expect(fin01.getByRole('tooltip')).toHaveText('这是您提交的申请，须由另一位财务人员审批');
  await settled(fin01);
  await expectNoSeriousA11yViolations(fin01, 'platform balance approvals (own request)');
  await fin01.close();

  // A second finance staff member, working in English, approves it after a confirmation.
  const fin02 = await context.newPage();
  await staffLogin(fin02, 'fin02');
  await fin02.getByRole('button', { name: 'English' }).click();
  await fin02.getByRole('menuitem', { name: 'Balance approvals' }).click();
  await expect(fin02.getByRole('heading', { name: 'Balance approvals' })).toBeVisible();
  const row = fin02.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('Pending');
  await expect(row).not.toContainText('Mine');
  await settled(fin02);
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = fin02.getByRole('tooltip').filter({ hasText: 'Approve this adjustment? The shopper’s balance will gain ¥1500.00 at once.' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(fin02, 'platform approve a balance adjustment');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(fin02.getByText('Approved; the balance has moved')).toBeVisible();

  // Pending is the default filter: the approved request leaves it, and shows under Approved.
  await expect(row).toHaveCount(0);
  await fin02.getByRole('combobox', { name: 'Status' }).click();
  await fin02.locator('.ant-select-dropdown:visible').getByText('Approved', { exact: true }).click();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button')).toHaveCount(0);

  const after = await records(request, shopper.token);
  expect(after.total).toBe(1);
  expect(after.records[0]).toMatchObject({ type: 5, ioType: 1, changeBalance: 150_000 });
  await fin02.close();
});

test('fin02 lists every shop’s orders and opens one with its payments and progress', async ({ context }) => {
  test.setTimeout(120_000);
  const console = await context.newPage();
  await staffLogin(console, 'fin02');
  await console.getByRole('menuitem', { name: '订单管理' }).click();
  await expect(console.getByRole('heading', { name: '订单管理' })).toBeVisible();
  const rows = console.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform orders');

  // Narrowed to paid orders awaiting shipment (the demo mall has some), then one is opened.
  await console.getByRole('combobox', { name: '订单状态' }).click();
  await console.locator('.ant-select-dropdown:visible').getByText('待发货', { exact: true }).click();
  await console.getByRole('button', { name: /搜\s?索/ }).click();
  await settled(console);
  await expect(rows.first()).toContainText('待发货');
  const orderNumber = await rows.first().getAttribute('data-row-key');
  await rows.first().getByRole('button', { name: `查看 ${orderNumber}` }).click();
  const drawer = console.getByRole('dialog', { name: `订单 ${orderNumber}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('region', { name: '支付记录' })).toBeVisible();
  await expect(drawer.getByRole('region', { name: '订单进度' })).toContainText('下单');
  await expect(drawer.getByRole('region', { name: '订单进度' })).toContainText('付款');
  await expect(drawer.getByText(/\d{3}\*{4}\d{4}/).first()).toBeVisible();
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform order detail');
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
});

// Invoices (decision 061): a shopper asks a unit invoice at checkout (a wrong taxpayer id is
// refused on the page first) and pays; the shop's store account finds the request in the merchant
// center's invoice queue, is refused a wrong file, and uploads the PDF; the shopper finds it issued
// under My invoices, reads the header on /invoice-detail and downloads the PDF; another shopper
// neither gets the file's link nor sees the invoice.
import { expect, type Page } from '@playwright/test';
import { pageOf } from '@bazaar/shared/schemas/common';
import { OrderInvoiceSchema } from '@bazaar/shared/schemas/invoice';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { addAddressByApi, headers, ok, pickProducts, placeOrderByApi } from './order-support.ts';
import { API_URL, openPage, registerShopper, test, useToken, zh } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const UNIT_NAME = '杭州云栖科技有限公司';
const TAX_ID = '91350100M000100Y43';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Pays the order on the payment page through the Alipay sandbox. */
async function payWithAlipay(page: Page, orderNumber: string): Promise<void> {
  await openPage(page, `/payment?orderNumbers=${orderNumber}`);
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();
}

async function merchantLogIn(merchant: Page, shopId: number): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await merchant.getByLabel('商家账号').fill(`shop${shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
}

test('a unit invoice asked at checkout is issued by the merchant and downloaded by its shopper, and by no one else', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);
  const stranger = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [pick] = await pickProducts(request, 1, 2);
  await useToken(context, baseURL!, shopper.token);

  // Checkout: a unit invoice; a taxpayer id with a wrong check character is refused on the page.
  await openPage(page, `/submit-order?prodId=${pick!.prodId}&skuId=${pick!.skuId}&prodCount=1`);
  const invoice = page.getByTestId('checkout-invoice');
  await expect(invoice.getByRole('radio', { name: zh('invoice.form.none') })).toBeChecked();
  // The choice hydrates with the page: one click shows the unit's fields (their own chunk).
  await invoice.getByRole('radio', { name: zh('invoice.form.unit') }).check();
  await invoice.getByLabel(zh('invoice.form.headerName')).fill(UNIT_NAME);
  await invoice.getByLabel(zh('invoice.form.taxNumber')).fill('91350100M000100Y44');
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(invoice.getByRole('alert')).toHaveText(zh('invoice.errors.taxNumber'));
  await expect(page).toHaveURL(/\/submit-order/);
  await expectNoSeriousA11yViolations(page, 'checkout with an invoice');
  await invoice.getByLabel(zh('invoice.form.taxNumber')).fill(TAX_ID.toLowerCase());
  await expect(invoice.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d+/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;

  // Paid through the Alipay sandbox.
  await payWithAlipay(page, orderNumber);

  // The order detail links to the invoice, applying.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('link', { name: zh('invoice.order.view') })).toBeVisible();
  const mine = pageOf(OrderInvoiceSchema).parse(await ok(request.get(`${API_URL}/p/orderInvoice/page`, { headers: headers(shopper.token) })));
  const asked = mine.records.find((r) => r.orderNumber === orderNumber)!;
  expect(asked).toMatchObject({ headerType: 1, headerName: UNIT_NAME, invoiceTaxNumber: TAX_ID, invoiceState: 1 });

  // The merchant center: the queue shows the request; a text file is refused, the PDF issues it.
  const merchant = await context.newPage();
  await merchantLogIn(merchant, pick!.shopId);
  await merchant.getByRole('menuitem', { name: '发票管理' }).click();
  await expect(merchant.getByRole('heading', { name: '发票管理' })).toBeVisible();
  await merchant.getByRole('tab', { name: '申请中' }).click();
  const row = merchant.locator(`tbody tr[data-row-key="${asked.orderInvoiceId}"]`);
  await expect(row).toContainText(orderNumber);
  await expect(row).toContainText(UNIT_NAME);
  await expect(row).toContainText(TAX_ID);
  await expectNoSeriousA11yViolations(merchant, 'merchant invoices');
  const file = merchant.getByTestId(`invoice-file-${asked.orderInvoiceId}`);
  await file.setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('not an invoice') });
  await expect(merchant.getByText('发票文件格式不正确，请上传 PDF、JPG 或 PNG 文件')).toBeVisible();
  await file.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(merchant.getByText('已开票，买家可以下载了')).toBeVisible();
  await merchant.getByRole('tab', { name: '已开票' }).click();
  await expect(merchant.getByTestId(`invoice-state-${asked.orderInvoiceId}`)).toHaveText('已开票');

  // The shopper: My invoices from the user-center menu, then the detail and the download.
  await openPage(page, '/user-center');
  await page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('invoice.menu') }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh('invoice.list.title') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'my invoices');
  const listed = page.getByTestId('invoice-row').filter({ hasText: orderNumber });
  await expect(listed).toContainText(zh('invoice.state.2'));
  await listed.getByRole('link', { name: zh('invoice.list.view') }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice-detail\\?orderInvoiceId=${asked.orderInvoiceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: zh('invoice.detail.title') })).toBeVisible();
  await expect(page.getByTestId('invoice-headerName')).toHaveText(UNIT_NAME);
  await expect(page.getByTestId('invoice-headerType')).toHaveText(zh('invoice.headerType.1'));
  await expect(page.getByTestId('invoice-taxNumber')).toHaveText(TAX_ID);
  await expect(page.getByTestId('invoice-state')).toHaveText(zh('invoice.state.2'));
  await expectNoSeriousA11yViolations(page, 'invoice detail');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.pdf`);
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(PDF)).toBe(true);

  // Another shopper: no link to the file, and the invoice is not found.
  const issued = OrderInvoiceSchema.parse(await ok(request.get(`${API_URL}/p/orderInvoice/info/${asked.orderInvoiceId}`, { headers: headers(shopper.token) })));
  const refused = await request.get(`${API_URL}/p/file/get_file_by_id?fileId=${issued.fileId}`, { headers: headers(stranger.token) });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toContain(zh('invoice.errors.fileNotFound'));
  await context.clearCookies();
  await useToken(context, baseURL!, stranger.token);
  await openPage(page, `/invoice-detail?orderInvoiceId=${asked.orderInvoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: zh('invoice.detail.notFound') })).toBeVisible();
  await expect(page.getByTestId('invoice-download')).toHaveCount(0);
});

test('an invoice requested from the order detail after payment, then re-issued with a corrected header', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [pick] = await pickProducts(request, 1, 3);
  const orderNumber = await placeOrderByApi(request, shopper.token, pick!, 1);
  await useToken(context, baseURL!, shopper.token);
  await payWithAlipay(page, orderNumber);

  // The order detail offers the request; the dialog checks the header as the server does.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await page.getByRole('button', { name: zh('invoice.order.apply') }).click();
  const dialog = page.getByRole('dialog', { name: zh('invoice.dialog.title') });
  await expect(dialog.getByRole('radio', { name: zh('invoice.form.personal') })).toBeChecked();
  await dialog.getByRole('radio', { name: zh('invoice.form.unit') }).check();
  await dialog.getByLabel(zh('invoice.form.headerName')).fill(UNIT_NAME);
  await dialog.getByLabel(zh('invoice.form.taxNumber')).fill('12345');
  await dialog.getByRole('button', { name: zh('invoice.dialog.submit') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(zh('invoice.errors.taxNumber'));
  await expectNoSeriousA11yViolations(page, 'invoice request dialog');
  await dialog.getByRole('radio', { name: zh('invoice.form.personal') }).check();
  await dialog.getByLabel(zh('invoice.form.headerName')).fill('王小明');
  await dialog.getByRole('button', { name: zh('invoice.dialog.submit') }).click();
  await expect(page.getByText(zh('invoice.dialog.applied'))).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The order now links to its invoice: personal, no tax id, applying.
  await page.getByRole('link', { name: zh('invoice.order.view') }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh('invoice.detail.title') })).toBeVisible();
  await expect(page.getByTestId('invoice-headerType')).toHaveText(zh('invoice.headerType.2'));
  await expect(page.getByTestId('invoice-headerName')).toHaveText('王小明');
  await expect(page.getByTestId('invoice-taxNumber')).toHaveText(zh('invoice.detail.none'));
  await expect(page.getByTestId('invoice-state')).toHaveText(zh('invoice.state.1'));
  await expect(page.getByTestId('invoice-download')).toHaveCount(0);

  // Re-issued as a unit invoice: still applying, with the tax id.
  await page.getByRole('button', { name: zh('invoice.detail.reissue') }).click();
  const reissue = page.getByRole('dialog', { name: zh('invoice.dialog.reissueTitle') });
  await reissue.getByRole('radio', { name: zh('invoice.form.unit') }).check();
  await reissue.getByLabel(zh('invoice.form.headerName')).fill(UNIT_NAME);
  await reissue.getByLabel(zh('invoice.form.taxNumber')).fill(TAX_ID);
  await reissue.getByRole('button', { name: zh('invoice.dialog.submit') }).click();
  await expect(page.getByText(zh('invoice.dialog.reissued'))).toBeVisible();
  await expect(page.getByTestId('invoice-headerName')).toHaveText(UNIT_NAME);
  await expect(page.getByTestId('invoice-taxNumber')).toHaveText(TAX_ID);
  await expect(page.getByTestId('invoice-state')).toHaveText(zh('invoice.state.1'));
});

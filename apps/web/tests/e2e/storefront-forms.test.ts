// Defects a demanding shopper found in the forms and the order pages (issue 9), each checked the way
// the shopper met it: the address dialog that cut off its own Save button, checkout without an
// address, quantities corrected silently, phrases broken over lines, boxes and buttons of different
// heights, an unmasked phone, two countdowns a second apart and letter tiles for payment marks.
import { expect, type Locator } from '@playwright/test';
import { ConfirmResultSchema } from '@bazaar/shared/schemas/order';
import { API_URL, openPage, registerShopper, text, useToken, test } from './support.ts';
import { addAddressByApi, addToCartByApi, headers, ok, orderDetail, pickProducts, placeOrderByApi } from './order-support.ts';

type Lang = 'zh' | 'en';
const LANGS: Lang[] = ['zh', 'en'];
const withLang = (path: string, lang: Lang) => (lang === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path);

/** The lines a block of text is laid out in, read from each character's box. */
async function textLines(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const lines: Array<{ top: number; text: string }> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (let i = 0; i < value.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        const line = lines.find((l) => Math.abs(l.top - rect.top) < rect.height / 2);
        if (line) line.text += value[i];
        else lines.push({ top: rect.top, text: value[i]! });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((l) => l.text.trim());
  });
}

/** No line of the text holds a single character of its own (like '闭' under '剩余 29:40 自动关'). */
async function expectNoLoneCharacter(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const lines = await textLines(target);
  expect(lines.filter((line) => [...line.replace(/\s/g, '')].length < 2), `lines: ${JSON.stringify(lines)}`).toEqual([]);
}

/** The dialog shows all of its form: the control lies inside the dialog's box and nothing scrolls sideways. */
async function expectInsideDialog(dialog: Locator, controls: Locator[]): Promise<void> {
  const box = (await dialog.boundingBox())!;
  for (const control of controls) {
    const inner = (await control.boundingBox())!;
    expect(inner.x, 'left edge').toBeGreaterThanOrEqual(box.x);
    expect(inner.x + inner.width, 'right edge').toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  const overflow = await dialog.evaluate((el) => [el.scrollWidth, el.clientWidth, el.querySelector('.dialog__body')!.scrollWidth, el.querySelector('.dialog__body')!.clientWidth]);
  expect(overflow[0], 'dialog scrolls sideways').toBeLessThanOrEqual(overflow[1]!);
  expect(overflow[2], 'dialog body scrolls sideways').toBeLessThanOrEqual(overflow[3]!);
}

async function expectSameHeight(a: Locator, b: Locator): Promise<void> {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(Math.abs(boxA.height - boxB.height), `${boxA.height} vs ${boxB.height}`).toBeLessThanOrEqual(0.5);
  expect(Math.abs(boxA.y - boxB.y)).toBeLessThanOrEqual(0.5);
}

test.describe('the address dialog at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const lang of LANGS) {
    test(`${lang}: shows its whole form, Save and the district box included, in the user center and at checkout`, async ({ page, request, context, baseURL }) => {
      const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
      const shopper = await registerShopper(request);
      await addAddressByApi(request, shopper.token);
      const [p] = await pickProducts(request, 1, 4);
      await addToCartByApi(request, shopper.token, p!);
      await useToken(context, baseURL!, shopper.token);

      await openPage(page, withLang('/user-center/uc-address', lang));
      await page.getByRole('button', { name: t('address.add') }).click();
      let dialog = page.getByRole('dialog', { name: t('address.form.addTitle') });
      await expect(dialog).toBeVisible();
      await expectInsideDialog(dialog, [dialog.getByLabel(t('address.form.area')), dialog.getByRole('button', { name: t('address.form.save') })]);
      // Region names in the page's language, in the boxes.
      const province = dialog.getByLabel(t('address.form.province'));
      await expect(province.locator('option', { hasText: lang === 'en' ? 'Zhejiang' : '浙江省' })).toHaveCount(1);
      await page.keyboard.press('Escape');

      // The saved address is shown with the region in the page's language.
      const card = page.getByRole('list', { name: t('address.title') }).getByRole('listitem').first();
      await expect(card).toContainText(lang === 'en' ? 'Zhejiang Hangzhou Xihu District' : '浙江省 杭州市 西湖区');

      await openPage(page, withLang('/submit-order', lang));
      await page.getByRole('button', { name: t('checkout.address.add') }).click();
      dialog = page.getByRole('dialog', { name: t('checkout.address.addTitle') });
      await expect(dialog).toBeVisible();
      await expectInsideDialog(dialog, [dialog.getByLabel(t('address.form.area')), dialog.getByRole('button', { name: t('address.form.save') })]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('radiogroup', { name: t('checkout.address.choose') }).getByRole('radio', { checked: true })).toContainText(lang === 'en' ? 'Zhejiang Hangzhou Xihu District' : '浙江省 杭州市 西湖区');
    });
  }
});

test('en: checkout without an address shows the goods and the totals and asks for the address in place', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  const [p] = await pickProducts(request, 1, 5);
  await addToCartByApi(request, shopper.token, p!, 2);
  // What the API prices (the page shows it; the browser computes no money).
  const priced = ConfirmResultSchema.parse(
    await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(shopper.token, 'en'), data: { addrId: 0, uuid: crypto.randomUUID() } })),
  );
  expect(priced.userAddr).toBeNull();
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('en', key, v);

  await openPage(page, '/submit-order?lang=en');
  const line = priced.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!;
  await expect(page.locator('.checkout-shop').getByText(line.prodName)).toBeVisible();
  const summary = page.getByRole('region', { name: t('checkout.summary.payable') });
  await expect(summary).toContainText(t('checkout.summary.count', { count: 2 }));
  const yuan = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(priced.actualTotal / 100);
  await expect(summary.locator('.checkout-summary__amount')).toHaveText(yuan);
  expect(priced.actualTotal).toBeGreaterThan(0);
  // No discount reads ¥0.00, not -¥0.00.
  const discount = summary.locator('div').filter({ has: page.getByRole('term').getByText(t('checkout.summary.reduce'), { exact: true }) }).getByRole('definition');
  if (priced.orderReduce === 0) await expect(discount).toHaveText('¥0.00');
  const submit = page.getByRole('button', { name: t('checkout.submit') });
  await expect(submit).toBeDisabled();
  await expect(summary.getByRole('alert')).toHaveText('Please add the address first');

  // The address form stands in the address section; once saved, the order can be placed.
  const section = page.getByRole('region', { name: t('checkout.address.title') });
  await section.getByLabel(t('address.receiverLabel'), { exact: true }).fill('Wang Wu');
  await section.getByLabel(t('address.mobileLabel'), { exact: true }).fill('13912345678');
  await section.getByLabel(t('address.form.province')).selectOption({ label: 'Zhejiang' });
  await section.getByLabel(t('address.form.city')).selectOption({ label: 'Hangzhou' });
  await section.getByLabel(t('address.form.area')).selectOption({ label: 'Xihu District' });
  await section.getByLabel(t('address.addrLabel'), { exact: true }).fill('90 Wensan Road');
  await section.getByRole('button', { name: t('address.form.save') }).click();
  await expect(page.getByRole('radiogroup', { name: t('checkout.address.choose') }).getByRole('radio', { checked: true })).toContainText('Wang Wu');
  await expect(submit).toBeEnabled();
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await submit.click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19}$/);
});

async function typeQuantity(box: Locator, value: string): Promise<void> {
  await box.fill(value);
  await expect(box).toHaveValue(value);
  await box.press('Enter');
}

test('zh: a typed "-3" becomes 1, never 3, and the shopper is told, on the product page and in the cart', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  const [p] = await pickProducts(request, 1, 6);
  await addToCartByApi(request, shopper.token, p!, 2);
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);

  await openPage(page, `/detail/${p!.prodId}`);
  const quantity = page.getByRole('textbox', { name: t('product.quantity') });
  await typeQuantity(quantity, '-3');
  await expect(quantity).toHaveValue('1');
  await expect(page.locator('.toast').filter({ hasText: t('common.quantity.min') })).toBeVisible();

  await openPage(page, '/cart');
  const line = page.getByRole('textbox', { name: t('cartPage.quantity', { name: p!.prodName }) });
  await expect(line).toHaveValue('2');
  await typeQuantity(line, '-3');
  await expect(line).toHaveValue('1');
  await expect(page.locator('.toast').filter({ hasText: t('common.quantity.min') })).toBeVisible();
});

test('zh: order pages keep phrases together, align the search boxes, mask the phone and count down alike', async ({ page, request, context, baseURL }) => {
  test.setTimeout(90_000);
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [p] = await pickProducts(request, 1, 7);
  const orderNumber = await placeOrderByApi(request, shopper.token, p!);
  const detail = await orderDetail(request, shopper.token, orderNumber);
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);

  // A clock stopped half a second into a second: a countdown that rounds down and one that rounds up would differ.
  const end = Date.parse(`${detail.endTime!.replace(' ', 'T')}+08:00`);
  await page.clock.setFixedTime(new Date(end - (25 * 60_000 + 500)));
  const shown = t('orders.expiresIn', { time: '25:01' });

  await openPage(page, '/user-center/uc-order');
  const countdown = page.locator('.order-card__countdown').first();
  await expect(countdown).toHaveText(shown);
  await expectNoLoneCharacter(countdown);
  // The header's search box and button, and the order search box and button, are of one height.
  await expectSameHeight(page.locator('.search__input'), page.locator('.search__button'));
  const ordersSearch = page.getByRole('search', { name: t('orders.search.label') });
  await expectSameHeight(ordersSearch.getByRole('searchbox'), ordersSearch.getByRole('button', { name: t('orders.search.button') }));

  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.locator('.order-detail__note')).toHaveText(t('orderDetail.unpaidHint', { time: '25:01' }));
  await expect(page.getByText('王收货 139****5678')).toBeVisible();
  await expect(page.getByText('13912345678')).toHaveCount(0);

  await openPage(page, `/payment?orderNumbers=${orderNumber}`);
  const payCountdown = page.locator('.pay-countdown');
  await expect(payCountdown).toHaveText(t('payment.countdown', { time: '25:01' }));
  await expectNoLoneCharacter(payCountdown);
});

for (const lang of LANGS) {
  test(`${lang}: payment methods show the Alipay, WeChat Pay and wallet marks with their names; the WeChat instruction keeps together`, async ({ page, request, context, baseURL }) => {
    const shopper = await registerShopper(request);
    await addAddressByApi(request, shopper.token);
    const [p] = await pickProducts(request, 1, lang === 'zh' ? 8 : 9);
    const orderNumber = await placeOrderByApi(request, shopper.token, p!);
    await useToken(context, baseURL!, shopper.token);
    const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);

    await openPage(page, withLang(`/payment?orderNumbers=${orderNumber}`, lang));
    for (const method of ['balance', 'alipay', 'wechat'] as const) {
      const choice = page.locator('.pay-method').filter({ has: page.getByRole('radio', { name: t(`payment.methods.${method}`) }) });
      await expect(choice.locator(`svg[data-mark="${method}"] path`).first()).toBeAttached();
      await expect(choice.locator('.pay-method__logo')).toHaveText('');
    }

    await page.getByRole('radio', { name: t('payment.methods.wechat') }).check();
    await page.getByRole('button', { name: t('payment.payNow') }).click();
    await expect(page).toHaveURL(/\/weixin-pay\?payNo=\d{19}&/);
    await expectNoLoneCharacter(page.getByText(t('payment.weixin.scan')));
  });
}

// Coupons from the seller's side (issue 11 §5): a merchant creates a shop coupon for one of the
// shop's products in the merchant center; a new shopper receives it in the coupon center, sees it
// chosen at checkout and pays; the merchant's list then says received 1, used 1 and the amount.
// A promotion's usage: the demo buyer pays an order one of the shop's promotions reduced, and the
// merchant's promotion list counts it.
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { MerchantDiscountDetailSchema } from '@bazaar/shared/schemas/shop-promotion';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { addAddressByApi, headers, ok, pickProducts } from './order-support.ts';
import { API_URL, encryptPassword, loginByApi, openPage, registerShopper, useToken, zh, test } from './support.ts';

/** A physical product in stock, the `skip`+1-th cheapest of the catalogue's first page. */
async function cheapProduct(request: APIRequestContext, skip: number) {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1`)));
  for (const card of [...page.records].sort((a, b) => a.price - b.price).slice(skip)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((x) => x.stocks >= 10);
    if (product.prodType === 0 && product.mold === 0 && sku) return { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, price: sku.price };
  }
  throw new Error('no cheap product in stock');
}

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

test('zh: a merchant creates a shop coupon; a shopper receives it, uses it at checkout and pays; the merchant sees received 1, used 1 and the amount', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  // A dear product of some shop (skip 3: the coupon and promotion journeys take the first ones).
  const [first] = await pickProducts(request, 1, 3);
  const pick = first!;
  const name = `新客立减 ${Date.now().toString(36)}${randomInt(1000)}`;
  // A threshold the product's price reaches, ¥5 off.
  const condition = Math.floor(pick.price / 100);
  const reduce = 500;

  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${pick.shopId}`);
  await merchant.getByRole('menuitem', { name: '优惠券', exact: true }).click();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  await merchant.getByRole('button', { name: '创建优惠券' }).click();
  await expect(merchant.getByRole('heading', { name: '创建优惠券' })).toBeVisible();
  // Saving with no name says what to correct.
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByText('请填写优惠券名称')).toBeVisible();
  await merchant.getByLabel('优惠券名称').fill(name);
  await merchant.getByLabel('使用门槛（元，0 为无门槛）').fill(String(condition));
  await merchant.getByLabel('减免金额（元）').fill(String(reduce / 100));
  await merchant.getByRole('radio', { name: '指定商品可用' }).check();
  await merchant.getByRole('button', { name: '选择商品' }).click();
  const picker = merchant.getByRole('dialog', { name: '选择本店商品' });
  await picker.getByLabel('搜索商品名称或 ID').fill(pick.prodName);
  await picker.getByLabel('搜索商品名称或 ID').press('Enter');
  await picker.getByRole('checkbox', { name: pick.prodName, exact: true }).check();
  await picker.getByRole('button', { name: '确定（1）' }).click();
  await expect(merchant.getByText('已选 1 件')).toBeVisible();
  await merchant.getByRole('radio', { name: '领取后生效' }).check();
  await expect(merchant.getByLabel('有效天数')).toHaveValue('7');
  await expectNoSeriousA11yViolations(merchant, 'merchant coupon form');
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  const row = merchant.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`满${condition}减5`);
  await expect(row).toContainText('指定 1 件商品可用');
  await expect(row).toContainText(`领取 0，使用 0，优惠 ${yuan(0)}`);
  await expectNoSeriousA11yViolations(merchant, 'merchant coupons');

  // A new shopper receives it in the coupon center's shop tab.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/coupons?shopType=2&couponType=1');
  const ticket = page.locator('article.coupon-ticket').filter({ hasText: name });
  await ticket.getByRole('button', { name: zh('coupon.card.receive') }).click();
  await expect(ticket.getByRole('button', { name: zh('coupon.card.received') })).toBeDisabled();

  // Checkout: the coupon is chosen for the shop; submit and pay through the Alipay sandbox.
  await openPage(page, `/submit-order?prodId=${pick.prodId}&skuId=${pick.skuId}&prodCount=1`);
  const shopPicker = page.getByRole('group', { name: new RegExp(zh('coupon.checkout.shopCoupon')) });
  await expect(shopPicker.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=/);
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();

  // The merchant's list counts it: received 1, used 1, ¥5.00 off.
  await merchant.reload();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  await expect(merchant.getByRole('row').filter({ hasText: name })).toContainText(`领取 1，使用 1，优惠 ${yuan(reduce)}`);
  await merchant.getByRole('button', { name: `编辑：${name}` }).click();
  await expect(merchant.getByTestId('coupon-usage')).toHaveText(`已领取 1 张，已使用 1 张，共优惠 ${yuan(reduce)}`);
  await expect(merchant.getByText('已有用户领取：类型、金额、折扣和适用商品不能再修改。')).toBeVisible();
});

test('zh: the merchant\'s promotion list counts the paid orders a promotion reduced and the amount', async ({ context, request }) => {
  test.setTimeout(120_000);
  // A cheap product past the cheapest ones other journeys buy (the demo buyer's balance pays); the
  // promotion needs two pieces, so a journey buying one is untouched.
  const pick = await cheapProduct(request, 12);
  const login = MerchantTokenSchema.parse(await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${pick.shopId}`, password: encryptPassword('merchant123') } })));
  const name = `两件立减 ${Date.now().toString(36)}${randomInt(1000)}`;
  const at = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const promotion = MerchantDiscountDetailSchema.parse(
    await ok(
      request.post(`${API_URL}/merchant/discounts`, {
        headers: headers(login.accessToken),
        data: { nameZh: name, discountRule: 0, suitableProdType: 1, productIds: [pick.prodId], startTime: at(-1), endTime: at(300), tiers: [{ needAmount: pick.price * 2 - 1, reduceAmount: 100 }] },
      }),
    ),
  );
  // The demo buyer (seeded with a balance) buys two pieces without coupons and pays.
  const buyer = await loginByApi(request, 'buyer01', 'bazaar123');
  const uuid = randomUUID();
  await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(buyer), data: { addrId: 0, uuid, userChangeCoupon: 1, couponUserIds: [], orderItem: { prodId: pick.prodId, skuId: pick.skuId, shopId: pick.shopId, prodCount: 2 } } }));
  const { orderNumbers } = (await ok(request.post(`${API_URL}/p/order/submit`, { headers: headers(buyer), data: { uuid, orderShopParams: [{ shopId: pick.shopId, remarks: '' }] } }))) as { orderNumbers: string };
  await ok(request.post(`${API_URL}/p/order/pay`, { headers: headers(buyer), data: { orderNumbers, payType: 9 } }));

  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${pick.shopId}`);
  await merchant.getByRole('menuitem', { name: '店铺活动', exact: true }).click();
  await expect(merchant.getByTestId(`promotion-usage-${promotion.discountId}`)).toHaveText('1 单，优惠 ¥1.00');
  await expectNoSeriousA11yViolations(merchant, 'merchant promotions');
});

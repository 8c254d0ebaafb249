// Shared pages (decision 052): the home page, the product list, the product page, the cart and the
// order list are rendered once for everyone and kept by the page cache; each shopper's own parts
// (the name in the top bar, whether the product is collected, the cart, the orders) are asked for
// by the browser.
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, expectLoggedInAs, openPage, registerShopper, test, topBar, useToken, zh, type Shopper } from './support.ts';
import { addAddressByApi, addToCartByApi, pickProducts, placeOrderByApi } from './order-support.ts';

/** A browser of its own for a logged-in shopper. */
function shopperContext(browser: Browser, baseURL: string, shopper: Shopper) {
  return browser.newContext({ baseURL, storageState: { cookies: [{ name: 'token', value: shopper.token, domain: new URL(baseURL).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] } });
}

/** Four document requests, shoppers taking turns: each of the storefront's two workers keeps its own copy. */
async function documentsFor(request: APIRequestContext, url: string, shoppers: Shopper[]) {
  const documents = await Promise.all([...shoppers, ...shoppers].map((shopper) => request.get(url, { headers: { accept: 'text/html', cookie: `token=${shopper.token}` } })));
  const pages = [];
  for (const document of documents) {
    expect(document.status()).toBe(200);
    pages.push({ html: await document.text(), cache: document.headers()['x-page-cache'] });
  }
  return pages;
}

test('one stored home page serves two shoppers, and each sees their own name and collection', async ({ browser, request, baseURL }) => {
  const alice = await registerShopper(request);
  const bob = await registerShopper(request);
  let product = null;
  for (let id = 1; !product && id <= 200; id++) {
    const res = await request.get(`${API_URL}/prod/prodInfo?prodId=${id}`);
    if (res.ok()) product = ProductDetailSchema.parse(await res.json());
  }
  expect(product).not.toBeNull();
  const collect = await request.post(`${API_URL}/p/user/collection/addOrCancel`, { headers: { Authorization: alice.token, 'Content-Type': 'application/json' }, data: JSON.stringify(product!.prodId) });
  expect(collect.status(), await collect.text()).toBe(200);

  // The document itself names nobody, and shoppers are answered from the stored copy.
  const documents = await documentsFor(request, `${baseURL}/detail/${product!.prodId}`, [alice, bob]);
  for (const { html } of documents) {
    expect(html).not.toContain(alice.nickName);
    expect(html).not.toContain(bob.nickName);
  }
  expect(documents.some(({ cache }) => cache === 'hit')).toBe(true);

  for (const shopper of [alice, bob]) {
    const context = await shopperContext(browser, baseURL!, shopper);
    const page = await context.newPage();
    await openPage(page, `/detail/${product!.prodId}`);
    await expectLoggedInAs(page, shopper.nickName);
    const collected = page.getByRole('button', { name: zh('product.collected'), exact: true });
    if (shopper === alice) await expect(collected).toHaveAttribute('aria-pressed', 'true');
    else await expect(page.getByRole('button', { name: zh('product.collect'), exact: true })).toHaveAttribute('aria-pressed', 'false');
    await openPage(page, '/');
    await expectLoggedInAs(page, shopper.nickName);
    await context.close();
  }
});

test('a token the API refuses is dropped by the browser, and the shared page stays logged out', async ({ page, context, baseURL }) => {
  await useToken(context, baseURL!, 'not-a-token');
  await openPage(page, '/list');
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.login') })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'token')).toBe(false);
});

test("the cart and the order list come from one stored page, and each shopper's own lines and orders are filled in", async ({ browser, request, baseURL }) => {
  const alice = await registerShopper(request);
  const bob = await registerShopper(request);
  const [forAlice, forBob] = await pickProducts(request, 2, 4);
  await addToCartByApi(request, alice.token, forAlice!, 2);
  await addToCartByApi(request, bob.token, forBob!, 1);
  await addAddressByApi(request, alice.token);
  const orderNumber = await placeOrderByApi(request, alice.token, forAlice!, 1);

  for (const url of ['/cart', '/user-center/uc-order']) {
    const documents = await documentsFor(request, `${baseURL}${url}`, [alice, bob]);
    for (const { html } of documents) {
      for (const secret of [alice.nickName, bob.nickName, forAlice!.prodName, forBob!.prodName, orderNumber]) expect(html, url).not.toContain(secret);
    }
    expect(documents.some(({ cache }) => cache === 'hit'), url).toBe(true);
  }

  for (const [shopper, mine, theirs] of [
    [alice, forAlice!, forBob!],
    [bob, forBob!, forAlice!],
  ] as const) {
    const context = await shopperContext(browser, baseURL!, shopper);
    const page = await context.newPage();
    await openPage(page, '/cart');
    await expectLoggedInAs(page, shopper.nickName);
    await expect(page.getByRole('link', { name: mine.prodName }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: theirs.prodName })).toHaveCount(0);
    await openPage(page, '/user-center/uc-order');
    await expect(page.getByRole('heading', { level: 1, name: zh('orders.title') })).toBeVisible();
    if (shopper === alice) await expect(page.getByText(orderNumber)).toBeVisible();
    else await expect(page.getByText(zh('orders.empty'))).toBeVisible();
    await context.close();
  }
});

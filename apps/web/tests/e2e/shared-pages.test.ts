// Shared pages (decision 051): the home page, the product list and the product page are rendered
// once for everyone and kept by the page cache; each shopper's own parts (the name in the top bar,
// whether the product is collected) are asked for by the browser.
import { expect } from '@playwright/test';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, expectLoggedInAs, openPage, registerShopper, test, topBar, useToken, zh } from './support.ts';

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

  // The document itself names nobody, and shoppers are answered from the stored copy (each of the
  // storefront's workers keeps its own: four requests reach both).
  const documents = await Promise.all(
    [alice, bob, alice, bob].map((shopper) => request.get(`${baseURL}/detail/${product!.prodId}`, { headers: { accept: 'text/html', cookie: `token=${shopper.token}` } })),
  );
  for (const document of documents) {
    expect(document.status()).toBe(200);
    const html = await document.text();
    expect(html).not.toContain(alice.nickName);
    expect(html).not.toContain(bob.nickName);
  }
  expect(documents.some((document) => document.headers()['x-page-cache'] === 'hit')).toBe(true);

  for (const shopper of [alice, bob]) {
    const context = await browser.newContext({ baseURL });
    await useToken(context, baseURL!, shopper.token);
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

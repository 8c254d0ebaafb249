// Steps shared by the checkout and order journeys: products picked through the public API (never
// hard-coded ids), an address and orders placed through the shopper API as the checkout page does.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ConfirmResultSchema, MyOrderSchema, OrderDetailSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL } from './support.ts';

export const headers = (token: string, lang: 'zh' | 'en' = 'zh') => ({ Authorization: token, 'Accept-Language': lang });

export async function ok(response: Promise<APIResponse>): Promise<unknown> {
  const res = await response;
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  return body ? (JSON.parse(body) as unknown) : undefined;
}

export interface Pick {
  prodId: number;
  skuId: number;
  shopId: number;
  prodName: string;
  stocks: number;
  price: number;
}

/**
 * Normal products with plenty of stock, one per shop, from the dear end of the catalogue (the
 * payment journeys take the cheapest ones, so parallel journeys rarely touch the same stock).
 * `skip` moves further along so two journeys of this file do not share products either.
 */
export async function pickProducts(request: APIRequestContext, shops: number, skip = 0): Promise<Pick[]> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1`)));
  const picks: Pick[] = [];
  let skipped = 0;
  for (const card of [...page.records].sort((a, b) => b.price - a.price)) {
    if (picks.some((p) => p.shopId === card.shopId)) continue;
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= 20);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    if (skipped++ < skip) continue;
    picks.push({ prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price });
    if (picks.length === shops) return picks;
  }
  throw new Error(`no ${shops} shops with products in stock`);
}

/** A virtual product on sale (a membership card, found through the search): paid, it is delivered at once, with no parcel to wait for. */
export async function virtualProduct(request: APIRequestContext): Promise<Pick> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?keyword=${encodeURIComponent('会员')}&size=100&hasStock=1`)));
  for (const card of page.records) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks === -1 || s.stocks >= 10);
    if (product.prodType !== 0 || product.mold !== 1 || !sku) continue;
    return { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price };
  }
  throw new Error('no virtual product on sale');
}

export async function skuStock(request: APIRequestContext, pick: Pick): Promise<number> {
  const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${pick.prodId}`)));
  return product.skuList.find((s) => s.skuId === pick.skuId)!.stocks;
}

/** 浙江省 杭州市 西湖区, a real region chain. */
export async function addAddressByApi(request: APIRequestContext, token: string, receiver = '王收货'): Promise<void> {
  await ok(
    request.post(`${API_URL}/p/address/addAddr`, {
      headers: headers(token),
      data: { receiver, mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号 1 幢', commonAddr: true },
    }),
  );
}

export async function addToCartByApi(request: APIRequestContext, token: string, pick: Pick, count = 1): Promise<void> {
  await ok(request.post(`${API_URL}/p/shopCart/changeItem`, { headers: headers(token), data: { basketId: 0, prodId: pick.prodId, skuId: pick.skuId, shopId: pick.shopId, count } }));
}

/** Buy now through confirm and submit, as the checkout page does; answers the order number. */
export async function placeOrderByApi(request: APIRequestContext, token: string, pick: Pick, count = 1): Promise<string> {
  const uuid = randomUUID();
  const confirmed = ConfirmResultSchema.parse(
    await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(token), data: { addrId: 0, uuid, orderItem: { prodId: pick.prodId, skuId: pick.skuId, prodCount: count } } })),
  );
  const submitted = SubmitResultSchema.parse(
    await ok(request.post(`${API_URL}/p/order/submit`, { headers: headers(token), data: { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) } })),
  );
  return submitted.orderNumbers;
}

export async function myOrders(request: APIRequestContext, token: string, query = '') {
  return pageOf(MyOrderSchema).parse(await ok(request.get(`${API_URL}/p/myOrder/myOrder${query}`, { headers: headers(token) })));
}

export async function orderDetail(request: APIRequestContext, token: string, orderNumber: string, lang: 'zh' | 'en' = 'zh') {
  return OrderDetailSchema.parse(await ok(request.get(`${API_URL}/p/myOrder/orderDetail?orderNumber=${orderNumber}`, { headers: headers(token, lang) })));
}

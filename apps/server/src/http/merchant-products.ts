// HTTP for the merchant center's products and stock (issue 10, decision 027). Every route needs a
// merchant token (plugins/auth.ts) and reaches only the session's own shop.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantProductDetailSchema,
  MerchantProductInputSchema,
  MerchantProductQuerySchema,
  MerchantProductRowSchema,
  ProductIdParamSchema,
  ShelfInputSchema,
  ShelfResultSchema,
  ShopCategoryOptionSchema,
  StockAdjustResultSchema,
  StockAdjustSchema,
  StockLogQuerySchema,
  StockLogSchema,
} from '@bazaar/shared/schemas/merchant-product';
import {
  adjustStock,
  createProduct,
  moveShelf,
  pageShopProducts,
  shopCategoryOptions,
  shopProductDetail,
  stockLogs,
  updateProduct,
} from '../flows/merchant-products.ts';
import { merchantSession } from '../plugins/auth.ts';

/** The product list and a product's form: operations edits them, the warehouse adjusts their stock. */
const PRODUCT_READ = ['products.manage', 'stock.manage'] as const;
const tags = ['merchant: products'];
const security = [{ token: [] }];

export async function merchantProductRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/product/page',
    { config: { permission: PRODUCT_READ }, schema: { summary: "A page of the shop's products: search, status, category and stock filters", tags, security, querystring: MerchantProductQuerySchema, response: { 200: pageOf(MerchantProductRowSchema) } } },
    (request) => pageShopProducts(ctx, merchantSession(request), request.query),
  );
  api.get(
    '/merchant/product/info/:prodId',
    { config: { permission: PRODUCT_READ }, schema: { summary: 'One of the shop\'s products with its specifications and SKUs, for editing', tags, security, params: ProductIdParamSchema, response: { 200: MerchantProductDetailSchema } } },
    (request) => shopProductDetail(ctx, merchantSession(request), request.params.prodId),
  );
  api.get(
    '/merchant/product/shop-categories',
    { config: { permission: PRODUCT_READ }, schema: { summary: "The shop's own categories (hidden ones marked)", tags, security, response: { 200: z.array(ShopCategoryOptionSchema) } } },
    (request) => shopCategoryOptions(ctx, merchantSession(request), request.lang),
  );
  api.post(
    '/merchant/product',
    {
      config: { permission: 'products.manage' },
      schema: {
        summary: 'Create a product with its SKUs (one per combination of the specification values)',
        description: 'The descriptions are sanitized; the product is searchable in the storefront as soon as it is on the shelf.',
        tags,
        security,
        body: MerchantProductInputSchema,
        response: { 200: MerchantProductDetailSchema },
      },
    },
    (request) => createProduct(ctx, merchantSession(request), request.body),
  );
  api.put(
    '/merchant/product/:prodId',
    {
      config: { permission: 'products.manage' },
      schema: {
        summary: 'Edit a product; existing SKUs keep their stock (adjust it with /merchant/sku/stock)',
        tags,
        security,
        params: ProductIdParamSchema,
        body: MerchantProductInputSchema,
        response: { 200: MerchantProductDetailSchema },
      },
    },
    (request) => updateProduct(ctx, merchantSession(request), request.params.prodId, request.body),
  );
  api.post(
    '/merchant/product/shelf',
    { config: { permission: 'products.manage' }, schema: { summary: 'Put products on or off the shelf (one or many)', tags, security, body: ShelfInputSchema, response: { 200: ShelfResultSchema } } },
    (request) => moveShelf(ctx, merchantSession(request), request.body, (key) => request.t(key)),
  );
  api.post(
    '/merchant/sku/stock',
    { config: { permission: 'stock.manage' }, schema: { summary: "Adjust a SKU's stock by a delta or to a value, with a reason (logged)", tags, security, body: StockAdjustSchema, response: { 200: StockAdjustResultSchema } } },
    (request) => adjustStock(ctx, merchantSession(request), request.body, request.lang),
  );
  api.get(
    '/merchant/sku/stock-logs',
    { config: { permission: 'stock.manage' }, schema: { summary: "A page of a SKU's stock adjustments", tags, security, querystring: StockLogQuerySchema, response: { 200: pageOf(StockLogSchema) } } },
    (request) => stockLogs(ctx, merchantSession(request), request.query),
  );
}

// HTTP for collections (products and shops) and the footprint (reference 2.10). Every path is
// under /p/, so the auth plugin has already refused a visitor with 401; queries always filter
// by the token's user, so one shopper never reads or deletes another's rows.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageOf } from '@bazaar/shared/schemas/common';
import { ProdIdQuerySchema } from '@bazaar/shared/schemas/product';
import {
  BrowseLogBodySchema,
  CollectedProductSchema,
  CollectedShopSchema,
  FootprintPageSchema,
  FootprintQuerySchema,
  IdListBodySchema,
  RawIdBodySchema,
  ShopIdQuerySchema,
} from '@bazaar/shared/schemas/collection';
import { shopperId } from '../plugins/auth.ts';
import * as collected from '../flows/collections.ts';
import * as collection from '../modules/collection/service.ts';

const security = [{ token: [] }];
const tags = ['collection'];
const ok = (reply: FastifyReply) => reply.code(200).send();

export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // ---- Products ----
  api.get('/p/user/collection/isCollection', { schema: { summary: 'Whether the shopper collected a product', tags, security, querystring: ProdIdQuerySchema, response: { 200: z.boolean() } } }, (request) =>
    collection.isProductCollected(ctx, shopperId(request), request.query.prodId),
  );
  api.post('/p/user/collection/addOrCancel', { schema: { summary: 'Collect or uncollect a product', tags, security, body: RawIdBodySchema, response: { 200: z.boolean() } } }, (request) =>
    collected.toggleProductCollection(ctx, shopperId(request), request.body),
  );
  api.get('/p/user/collection/prods', { schema: { summary: 'A page of the shopper\'s collected products', tags, security, querystring: PageQuerySchema, response: { 200: pageOf(CollectedProductSchema) } } }, (request) =>
    collected.collectedProductPage(ctx, shopperId(request), request.query.current, request.query.size, request.lang),
  );
  // Mall4j's spelling of the path.
  api.post('/p/user/collection/batachCancel', { schema: { summary: 'Uncollect several products', tags, security, body: IdListBodySchema } }, async (request, reply) => {
    await collection.cancelProductCollections(ctx, shopperId(request), request.body);
    return ok(reply);
  });

  // ---- Shops ----
  api.get('/p/shop/collection/isCollection', { schema: { summary: 'Whether the shopper follows a shop', tags, security, querystring: ShopIdQuerySchema, response: { 200: z.boolean() } } }, (request) =>
    collection.isShopCollected(ctx, shopperId(request), request.query.shopId),
  );
  api.post('/p/shop/collection/addOrCancel', { schema: { summary: 'Follow or unfollow a shop', tags, security, body: RawIdBodySchema, response: { 200: z.boolean() } } }, (request) =>
    collected.toggleShopCollection(ctx, shopperId(request), request.body),
  );
  api.get('/p/shop/collection/page', { schema: { summary: 'A page of the shops the shopper follows', tags, security, querystring: PageQuerySchema, response: { 200: pageOf(CollectedShopSchema) } } }, (request) =>
    collected.collectedShopPage(ctx, shopperId(request), request.query.current, request.query.size, request.lang),
  );
  api.post('/p/shop/collection/batchCancel', { schema: { summary: 'Unfollow several shops', tags, security, body: IdListBodySchema } }, async (request, reply) => {
    await collection.cancelShopCollections(ctx, shopperId(request), request.body);
    return ok(reply);
  });

  // ---- Footprint ----
  api.post('/p/prodBrowseLog', { schema: { summary: 'Record a product view in the footprint', tags, security, body: BrowseLogBodySchema } }, async (request, reply) => {
    await collected.recordBrowse(ctx, shopperId(request), request.body.prodId);
    return ok(reply);
  });
  api.get('/p/prodBrowseLog/page', { schema: { summary: 'A page of the shopper\'s footprint', tags, security, querystring: FootprintQuerySchema, response: { 200: FootprintPageSchema } } }, (request) =>
    collected.footprintPage(ctx, shopperId(request), request.query.current, request.query.size, request.lang),
  );
  api.delete('/p/prodBrowseLog', { schema: { summary: 'Delete footprint entries', tags, security, body: IdListBodySchema } }, async (request, reply) => {
    await collection.deleteFootprints(ctx, shopperId(request), request.body);
    return ok(reply);
  });
  api.delete('/p/prodBrowseLog/all', { schema: { summary: 'Clear the footprint', tags, security } }, async (request, reply) => {
    await collection.clearFootprint(ctx, shopperId(request));
    return ok(reply);
  });
}

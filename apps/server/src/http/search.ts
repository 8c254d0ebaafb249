// HTTP for product search: the list page, a store's goods, and the hot words.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SearchPageSchema, SearchQuerySchema, StoreSearchQuerySchema } from '@bazaar/shared/schemas/catalog';
import { HotSearchQuerySchema, HotSearchSchema } from '@bazaar/shared/schemas/search';
import { createProductSearch } from '../flows/search-products.ts';
import { createSearchService } from '../modules/search/service.ts';
import { fastSerializerCompiler } from '../lib/fast-json.ts';

const tags = ['search'];

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const products = createProductSearch(app.ctx);
  const search = createSearchService(app.ctx);
  // The keyword index loads in the background once the server is ready (seconds at 100,000 products).
  // Then a timer reads its changes and compacts it, so no search pays for a reload after an idle spell or for a compaction.
  let stopKeeping = () => {};
  app.addHook('onReady', async () => {
    products.warm().catch((error: unknown) => app.log.warn({ err: error }, 'search index: first load failed; the first keyword search loads it'));
    stopKeeping = products.keepWarm((error) => app.log.warn({ err: error }, 'search index: upkeep failed; it tries again in a minute'));
  });
  app.addHook('onClose', async () => {
    stopKeeping();
  });

  // The hottest uncached answer: written by fast-json-stringify (zod checks it too in tests and development).
  const serializerCompiler = fastSerializerCompiler({ check: app.ctx.env.NODE_ENV !== 'production' });
  api.get('/search/page', { config: { limit: 'search' }, serializerCompiler, schema: { summary: 'Search products: a page of cards with filters and sort', tags, querystring: SearchQuerySchema, response: { 200: SearchPageSchema } } }, (request) =>
    products.searchPage(request.query, request.lang),
  );

  // The store page's search (reference 2.2): the same flow as the list page, one store's goods.
  api.get(
    '/search/searchProdPage',
    { config: { limit: 'search' }, serializerCompiler, schema: { summary: "A store's products: keyword, store category, sort and paging", tags, querystring: StoreSearchQuerySchema, response: { 200: SearchPageSchema } } },
    (request) => products.searchPage(request.query, request.lang),
  );

  api.get('/search/hotSearch', { schema: { summary: 'Hot search words of the platform or a shop', tags, querystring: HotSearchQuerySchema, response: { 200: z.array(HotSearchSchema) } } }, (request) =>
    search.hotSearches(request.query.shopId, request.query.number, request.lang),
  );
}

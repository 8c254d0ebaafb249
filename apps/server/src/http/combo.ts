// HTTP for the storefront's discount packages (reference 2.2 /combo/*, issue 11 §4, decision 046):
// the packages containing a product (the product page's block) and one package by id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ComboIdQuerySchema, ComboSchema, ProdCombosQuerySchema } from '@bazaar/shared/schemas/combo';
import { comboById, productCombos } from '../flows/combos.ts';

const tags = ['promotion'];

export async function comboRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/combo/prodCombos',
    {
      schema: {
        summary: "The running discount packages containing the product, each with its lines, the package price, what the lines cost and the saving",
        tags,
        querystring: ProdCombosQuerySchema,
        response: { 200: z.array(ComboSchema) },
      },
    },
    (request) => productCombos(ctx, request.query.prodId, request.lang),
  );
  api.get(
    '/combo/getComboByComboId',
    { schema: { summary: 'One discount package; `unavailable` says when it cannot be bought (ended, a line off the shelf or sold out)', tags, querystring: ComboIdQuerySchema, response: { 200: ComboSchema } } },
    (request) => comboById(ctx, request.query.comboId, request.lang),
  );
}

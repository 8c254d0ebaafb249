// HTTP for the cart (reference 2.3): adding from the detail page, the count in the header and
// the cart page's calls. Every query filters by the token's user, so another shopper's
// basketIds are never read, ticked, counted or deleted.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangeItemSchema } from '@bazaar/shared/schemas/cart';
import {
  BasketIdsBodySchema,
  CART_BATCH_MAX,
  CartExpiryItemSchema,
  CartInfoSchema,
  CartTotalSchema,
  CartViewSchema,
  CheckItemsBodySchema,
} from '@bazaar/shared/schemas/cart-view';
import { ChangeComboSchema, CheckCombosBodySchema, ComboIdsBodySchema } from '@bazaar/shared/schemas/combo';
import { shopperId } from '../plugins/auth.ts';
import { cartInfo, cartView, changeCombo, changeItem, checkCombos, clearExpiredItems, deleteCombos, expiredItems, totalPay } from '../flows/cart.ts';
import { cartCount, checkItems, deleteItems } from '../modules/cart/service.ts';

const security = [{ token: [] }];
const tags = ['cart'];

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.post('/p/shopCart/changeItem', { schema: { summary: 'Add a SKU to the cart or change its quantity', tags, security, body: ChangeItemSchema } }, async (request, reply) => {
    await changeItem(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
  api.get('/p/shopCart/prodCount', { schema: { summary: 'How many pieces are in the cart', tags, security, response: { 200: z.number().int() } } }, (request) => cartCount(ctx, shopperId(request)));

  // The body is Mall4j's list (the client sends []); nothing in the answer depends on it.
  api.post('/p/shopCart/info', { schema: { summary: 'The cart by shop, with prices and discounts', tags, security, body: z.array(z.unknown()).max(CART_BATCH_MAX).optional(), response: { 200: CartInfoSchema } } }, (request) =>
    cartInfo(ctx, shopperId(request), request.lang),
  );
  api.get('/p/shopCart/getShopCartExpiryProdList', { schema: { summary: 'Cart lines that can no longer be bought', tags, security, response: { 200: z.array(CartExpiryItemSchema) } } }, (request) =>
    expiredItems(ctx, shopperId(request), request.lang),
  );
  api.get('/p/shopCart/view', { schema: { summary: 'The cart page in one answer: the groups by shop, the lines that can no longer be bought and the ticked lines\' total, priced once', tags, security, response: { 200: CartViewSchema } } }, (request) =>
    cartView(ctx, shopperId(request), request.lang),
  );
  api.post('/p/shopCart/totalPay', { schema: { summary: 'Totals of the selected cart lines and the ticked discount packages', tags, security, body: BasketIdsBodySchema, response: { 200: CartTotalSchema } } }, (request) =>
    totalPay(ctx, shopperId(request), request.body),
  );
  api.post('/p/shopCart/checkItems', { schema: { summary: 'Select or unselect cart lines', tags, security, body: CheckItemsBodySchema } }, async (request, reply) => {
    await checkItems(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
  api.delete('/p/shopCart/deleteItem', { schema: { summary: 'Remove cart lines', tags, security, body: BasketIdsBodySchema } }, async (request, reply) => {
    await deleteItems(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
  // Clears the lines that can no longer be bought; the buyable ones stay.
  api.delete('/p/shopCart/deleteAll', { schema: { summary: 'Empty the cart', tags, security } }, async (request, reply) => {
    await clearExpiredItems(ctx, shopperId(request));
    return reply.code(200).send();
  });

  // Discount packages as units (decision 046): their lines stay together and move with the package.
  api.post('/p/shopCart/changeCombo', { schema: { summary: 'Add sets of a discount package to the cart, or take some off with a negative count (reaching 0 sets removes it)', tags, security, body: ChangeComboSchema } }, async (request, reply) => {
    await changeCombo(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
  api.post('/p/shopCart/checkCombos', { schema: { summary: 'Select or unselect discount packages in the cart', tags, security, body: CheckCombosBodySchema } }, async (request, reply) => {
    await checkCombos(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
  api.delete('/p/shopCart/deleteCombos', { schema: { summary: 'Take discount packages out of the cart', tags, security, body: ComboIdsBodySchema } }, async (request, reply) => {
    await deleteCombos(ctx, shopperId(request), request.body);
    return reply.code(200).send();
  });
}

// HTTP for the merchant center's chat inbox (decision 063), permission chat.reply: the shop's
// conversations with unread counts, history, the read cursor, the shopper's orders here and recent
// products, quick replies and online/away. Sending is the socket's. Another shop's conversation: 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatHistoryPageSchema,
  ChatHistoryQuerySchema,
  ChatQuickReplyIdParamSchema,
  ChatQuickReplyInputSchema,
  ChatQuickReplySchema,
  ChatReadSchema,
  ChatUnreadSchema,
  MerchantChatContextSchema,
  MerchantChatPageSchema,
  MerchantChatQuerySchema,
  MerchantChatStatusInputSchema,
  MerchantChatStatusSchema,
  UserIdParamSchema,
} from '@bazaar/shared/schemas/chat';
import { merchantContext, merchantConversations, merchantStatus, setMerchantAway, shopSideHistory, shopSideRead } from '../flows/chat.ts';
import { addQuickReply, editQuickReply, listQuickReplies, removeQuickReply } from '../modules/chat/service.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant-chat'];
const security = [{ token: [] }];
const config = { permission: 'chat.reply' } as const;

export async function merchantChatRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/chat/conversations',
    { config, schema: { summary: 'The shop\'s chat conversations, newest first', description: 'With each shopper\'s unread count and whether they are online; unreadTotal for the badge.', tags, security, querystring: MerchantChatQuerySchema, response: { 200: MerchantChatPageSchema } } },
    (request) => merchantConversations(ctx, merchantSession(request).shopId, request.query),
  );
  api.get(
    '/merchant/chat/conversations/:userId/history',
    { config, schema: { summary: 'A page of a conversation with a shopper, oldest first', tags, security, params: UserIdParamSchema, querystring: ChatHistoryQuerySchema, response: { 200: ChatHistoryPageSchema } } },
    (request) => shopSideHistory(ctx, merchantSession(request).shopId, request.params.userId, request.query),
  );
  api.post(
    '/merchant/chat/conversations/:userId/read',
    { config, schema: { summary: 'Mark a conversation read up to a seq (for the whole shop)', tags, security, params: UserIdParamSchema, body: ChatReadSchema, response: { 200: ChatUnreadSchema } } },
    (request) => shopSideRead(ctx, { shopId: merchantSession(request).shopId }, request.params.userId, request.body.seq),
  );
  api.get(
    '/merchant/chat/conversations/:userId/context',
    { config, schema: { summary: 'The shopper\'s orders with this shop and the shop\'s products they viewed last', tags, security, params: UserIdParamSchema, response: { 200: MerchantChatContextSchema } } },
    (request) => merchantContext(ctx, merchantSession(request).shopId, request.params.userId),
  );

  api.get(
    '/merchant/chat/quick-replies',
    { config, schema: { summary: 'The shop\'s quick replies', tags, security, response: { 200: z.array(ChatQuickReplySchema) } } },
    (request) => listQuickReplies(ctx, merchantSession(request).shopId),
  );
  api.post(
    '/merchant/chat/quick-replies',
    { config, schema: { summary: 'Add a quick reply', description: 'At most 50 per shop, each at most 200 characters.', tags, security, body: ChatQuickReplyInputSchema, response: { 200: ChatQuickReplySchema } } },
    (request) => addQuickReply(ctx, merchantSession(request).shopId, request.body, ctx.now()),
  );
  api.put(
    '/merchant/chat/quick-replies/:id',
    { config, schema: { summary: 'Change a quick reply', tags, security, params: ChatQuickReplyIdParamSchema, body: ChatQuickReplyInputSchema, response: { 200: ChatQuickReplySchema } } },
    (request) => editQuickReply(ctx, merchantSession(request).shopId, request.params.id, request.body),
  );
  api.delete(
    '/merchant/chat/quick-replies/:id',
    { config, schema: { summary: 'Delete a quick reply', tags, security, params: ChatQuickReplyIdParamSchema } },
    async (request, reply) => {
      await removeQuickReply(ctx, merchantSession(request).shopId, request.params.id);
      return reply.send();
    },
  );

  api.get(
    '/merchant/chat/status',
    { config, schema: { summary: 'Whether the shop is away, and whether a seller is online', tags, security, response: { 200: MerchantChatStatusSchema } } },
    (request) => merchantStatus(ctx, merchantSession(request).shopId),
  );
  api.put(
    '/merchant/chat/status',
    { config, schema: { summary: 'Set the shop online or away', description: 'Away: the shop\'s shoppers get code 12 and their messages wait.', tags, security, body: MerchantChatStatusInputSchema, response: { 200: MerchantChatStatusSchema } } },
    (request) => setMerchantAway(ctx, merchantSession(request).shopId, request.body.away),
  );
}

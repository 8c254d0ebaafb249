// HTTP for the platform console's customer service (decision 063): the queue of toId 0
// conversations and the agent's own (chat.service), take (400 with code 15's text when another
// agent has it), transfer (code 3), the agents, and a shop's conversation for a dispute (chat.read).
// Sending is the socket's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminChatConversationSchema,
  AdminChatPageSchema,
  AdminChatQuerySchema,
  AdminChatTransferInputSchema,
  ChatAgentSchema,
  ChatHistoryPageSchema,
  ChatHistoryQuerySchema,
  ChatReadSchema,
  ChatUnreadSchema,
  ShopUserParamSchema,
  UserIdParamSchema,
} from '@bazaar/shared/schemas/chat';
import { adminConversations, chatAgents, shopSideHistory, shopSideRead, staffReadShopHistory, takeChat, transferChat } from '../flows/chat.ts';
import { readGrants } from '../modules/admin/service.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin-chat'];
const security = [{ token: [] }];
const config = { permission: 'chat.service' } as const;

/** The agent: its id and name (the name rides in the session's grants). */
function agentOf(request: FastifyRequest): { adminId: number; name: string } {
  return { adminId: adminId(request), name: readGrants(request.session?.grants)?.username ?? '' };
}

export async function adminChatRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/chat/conversations',
    {
      config,
      schema: {
        summary: 'Platform customer-service conversations',
        description: 'scope=queue: waiting for an agent; mine: taken by me; all: every one. With my unread total and the queue\'s length.',
        tags,
        security,
        querystring: AdminChatQuerySchema,
        response: { 200: AdminChatPageSchema },
      },
    },
    (request) => adminConversations(ctx, adminId(request), request.query),
  );
  api.get(
    '/admin/chat/conversations/:userId/history',
    { config, schema: { summary: 'A page of a customer-service conversation, oldest first', tags, security, params: UserIdParamSchema, querystring: ChatHistoryQuerySchema, response: { 200: ChatHistoryPageSchema } } },
    (request) => shopSideHistory(ctx, 0, request.params.userId, request.query),
  );
  api.post(
    '/admin/chat/conversations/:userId/read',
    { config, schema: { summary: 'Mark a customer-service conversation read up to a seq', tags, security, params: UserIdParamSchema, body: ChatReadSchema, response: { 200: ChatUnreadSchema } } },
    (request) => shopSideRead(ctx, { agentId: adminId(request) }, request.params.userId, request.body.seq),
  );
  api.post(
    '/admin/chat/conversations/:userId/take',
    {
      config,
      schema: {
        summary: 'Take a conversation from the queue',
        description: 'It becomes mine (the shopper gets code 3). 400 "not your responsibility" (code 15) when another agent has it.',
        tags,
        security,
        params: UserIdParamSchema,
        response: { 200: AdminChatConversationSchema },
      },
    },
    (request) => takeChat(ctx, agentOf(request), request.params.userId),
  );
  api.post(
    '/admin/chat/conversations/:userId/transfer',
    {
      config,
      schema: {
        summary: 'Transfer my conversation to another agent',
        description: 'The shopper and both agents get code 3. 400 "not your responsibility" when it is not mine.',
        tags,
        security,
        params: UserIdParamSchema,
        body: AdminChatTransferInputSchema,
        response: { 200: AdminChatConversationSchema },
      },
    },
    (request) => transferChat(ctx, agentOf(request), request.params.userId, request.body.toAdminId),
  );
  api.get(
    '/admin/chat/agents',
    { config, schema: { summary: 'Customer-service agents and who is online', tags, security, response: { 200: z.array(ChatAgentSchema) } } },
    () => chatAgents(ctx),
  );
  api.get(
    '/admin/chat/shops/:shopId/conversations/:userId/history',
    {
      config: { permission: 'chat.read' },
      schema: {
        summary: 'Read a shop\'s conversation with a shopper (a dispute)',
        description: 'Read-only, oldest first; beforeSeq pages upward.',
        tags,
        security,
        params: ShopUserParamSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryPageSchema },
      },
    },
    (request) => staffReadShopHistory(ctx, request.params.shopId, request.params.userId, request.query),
  );
}

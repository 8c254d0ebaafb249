// HTTP for the shopper's chat (reference 2.11, decision 063): the conversations, recentBrowse
// (form-encoded), history pages, the read cursor, the unread total and uploadImFile (multipart).
// Sending is the socket's (http/chat-socket.ts). Shopper token on every call.
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import {
  ChatConversationSchema,
  ChatHistoryPageSchema,
  ChatRecentBrowseQuerySchema,
  ChatRecentBrowseSchema,
  ChatUnreadSchema,
  ShopperChatHistoryQuerySchema,
  ShopperChatReadSchema,
} from '@bazaar/shared/schemas/chat';
import { recentBrowse, shopperConversations, shopperHistory, shopperRead, shopperUnread } from '../flows/chat.ts';
import { saveImage } from '../modules/upload/service.ts';
import { shopperId } from '../plugins/auth.ts';
import { readImagePart } from './upload.ts';

const tags = ['chat'];
const security = [{ token: [] }];

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // recentBrowse is form-encoded (spec 7); the upload is multipart. Both only in this plugin.
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  api.get(
    '/p/user/conversations',
    {
      schema: {
        summary: 'My chat conversations, newest first',
        description: 'One per shop I talked with (toId 0 = platform customer service): name, avatar, last message, time, unread count and the last seq (for a resume).',
        tags,
        security,
        response: { 200: z.array(ChatConversationSchema) },
      },
    },
    (request) => shopperConversations(ctx, shopperId(request), request.lang, (key) => request.t(key)),
  );

  api.post(
    '/p/user/recentBrowse',
    {
      schema: {
        summary: 'Cards I can send in a conversation',
        description: 'Form-encoded `shopId` (0 = every shop), `current`, `size`: the products of that shop I viewed last, and my orders with it, newest first, each a page.',
        tags,
        security,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ChatRecentBrowseQuerySchema,
        response: { 200: ChatRecentBrowseSchema },
      },
    },
    (request) => recentBrowse(ctx, shopperId(request), request.body),
  );

  api.get(
    '/p/user/chat/history',
    {
      schema: {
        summary: 'A page of a conversation, oldest first',
        description: 'toId: the shop (0 = platform). Without beforeSeq the newest page; with it, the page before that seq (scrolling up). An empty page when we never talked.',
        tags,
        security,
        querystring: ShopperChatHistoryQuerySchema,
        response: { 200: ChatHistoryPageSchema },
      },
    },
    (request) => shopperHistory(ctx, shopperId(request), request.query),
  );

  api.post(
    '/p/user/chat/read',
    {
      schema: {
        summary: 'Mark a conversation read up to a seq',
        description: 'The cursor never moves back. Answers my unread total; my other sockets get the new total (code 00000).',
        tags,
        security,
        body: ShopperChatReadSchema,
        response: { 200: ChatUnreadSchema },
      },
    },
    (request) => shopperRead(ctx, shopperId(request), request.body),
  );

  api.get(
    '/p/user/chat/unread',
    { schema: { summary: 'My unread chat messages in all', tags, security, response: { 200: ChatUnreadSchema } } },
    (request) => shopperUnread(ctx, shopperId(request)),
  );

  api.post(
    '/p/file/uploadImFile',
    {
      config: { limit: 'upload' },
      schema: {
        summary: 'Upload a chat picture',
        description: 'Multipart, one `file` part: JPG, JPEG, PNG or GIF, at most 2 MB (400 with the specification\'s messages otherwise). Answers the image path (a JSON string) to send as a msgType 1 message.',
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: z.string() },
      },
    },
    // A JSON string (the storefront's client parses every success as JSON).
    async (request, reply) => {
      const path = await saveImage(ctx, { userId: shopperId(request), visibility: 'public', file: await readImagePart(request) });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(path));
    },
  );
}

// The chat socket (spec 4 and 7, decision 063): WS /im/websocket/online/user/{encodedToken}/{userId}.
// The path's token is checked like an Authorization header, for a shopper, a merchant account with
// chat.reply or a staff member with chat.service; anything else gets code 10 and a close. Frames:
// heartbeat, message, resume (ChatClientFrameSchema). The request log shows the path without the
// token (lib/logger.ts).
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { permits } from '@bazaar/shared/constants/permissions';
import {
  CHAT_CODE,
  CHAT_FRAME_HARD_MAX_BYTES,
  CHAT_FRAME_MAX_BYTES,
  CHAT_HEARTBEAT_CONTENT,
  CHAT_RATE_WINDOW_MS,
  CHAT_SEND_TYPE,
  CHAT_SOCKET_PATH,
  CHAT_TEXT_MAX,
  ChatClientFrameSchema,
  ChatSendSchema,
  type ChatClientFrame,
  type ChatSend,
  type ChatServerFrame,
} from '@bazaar/shared/schemas/chat';
import { activeMerchantSession } from '../flows/merchant-session.ts';
import { sendFromSocket } from '../flows/chat.ts';
import { userIsActive } from '../modules/account/service.ts';
import { adminGrants, adminIsActive, readGrants } from '../modules/admin/service.ts';
import { sessionLookup, tokenFromHeader } from '../modules/auth/service.ts';
import { ChatHub, accountOf, codeFrame, targetsOf, type ChatIdentity, type ChatPeer } from '../modules/chat/hub.ts';
import { holdChatRuntime, releaseChatRuntime } from '../modules/chat/runtime.ts';
import { plainTextSend } from '../lib/chat-send-frame.ts';
import { translatorFor } from '../plugins/locale.ts';

const HEARTBEAT_ANSWER = JSON.stringify({ code: CHAT_CODE.heartbeat, data: null, success: true, content: CHAT_HEARTBEAT_CONTENT, msgType: null } satisfies ChatServerFrame);

/** Close codes: 4401 not identified (after code 10), 4409 replaced by a newer login (after code 11). */
const CLOSE_UNIDENTIFIED = 4401;

const LIMIT_PARAMS: Record<string, Record<string, number>> = {
  'chat.errors.contentTooLong': { max: CHAT_TEXT_MAX },
  'chat.errors.frameTooLarge': { max: CHAT_FRAME_MAX_BYTES },
};

/** A plugin without encapsulation, so the app (and tests) see `chatHub`. */
export const chatSocketRoutes = fp(async (app: FastifyInstance): Promise<void> => {
  const { ctx } = app;
  // Frames above the hard limit are not even read (ws closes with 1009); the 8 KiB limit answers code 4.
  await app.register(websocket, { options: { maxPayload: CHAT_FRAME_HARD_MAX_BYTES } });
  const runtime = holdChatRuntime(ctx);
  const hub = new ChatHub(ctx, runtime, app.log);
  app.decorate('chatHub', hub);
  app.addHook('onClose', async () => {
    hub.close();
    await releaseChatRuntime(ctx);
  });
  // One translator per language for every socket (not a closure per socket).
  const translators = {
    zh: (key: string, params?: Record<string, string | number>) => translatorFor('zh')(key, params) as string,
    en: (key: string, params?: Record<string, string | number>) => translatorFor('en')(key, params) as string,
  };
  // Frames for one socket in one turn of the event loop leave in one write: the sockets' TCP
  // streams are corked from the first frame of a turn to the end of it (a burst of messages to a
  // seller was a writev per frame, the largest share of the instances' CPU at 1,000 messages/s).
  const corked = new Set<Duplex>();
  let uncorkScheduled = false;
  const uncorkAll = () => {
    uncorkScheduled = false;
    for (const stream of corked) stream.uncork();
    corked.clear();
  };
  /** Sends a frame now, written with the socket's other frames of this turn. */
  const sendText = (socket: WebSocket, text: string) => {
    // `_socket` is ws's own TCP stream (not in its types): cork() only delays its write to the end of this turn.
    const stream = (socket as unknown as { _socket?: Duplex })._socket;
    if (stream && !corked.has(stream)) {
      stream.cork();
      corked.add(stream);
      if (!uncorkScheduled) {
        uncorkScheduled = true;
        setImmediate(uncorkAll);
      }
    }
    socket.send(text);
  };
  const lookup = sessionLookup(ctx, { shopper: userIsActive, admin: adminIsActive }, { admin: adminGrants });

  /** Who the path's token and userId name, or null. */
  async function identify(rawToken: string, userId: string): Promise<ChatIdentity | null> {
    const token = tokenFromHeader(rawToken);
    const session = token ? await lookup(token) : null;
    if (!session || session.subject !== userId) return null;
    switch (session.audience) {
      case 'shopper':
        return { kind: 'user', userId: session.subject };
      case 'merchant': {
        const merchant = await activeMerchantSession(ctx, Number(session.subject));
        return merchant && permits(merchant.permissions, 'chat.reply') ? { kind: 'shop', shopId: merchant.shopId, accountId: merchant.accountId } : null;
      }
      case 'admin': {
        const grants = readGrants(session.grants);
        return grants && permits(grants.permissions, 'chat.service') ? { kind: 'agent', adminId: Number(session.subject), name: grants.username } : null;
      }
    }
  }

  app.get<{ Params: { token: string; userId: string }; Querystring: { lang?: string } }>(
    `${CHAT_SOCKET_PATH}/:token/:userId`,
    { websocket: true, config: { auth: 'public' }, schema: { hide: true } },
    (socket: WebSocket, request) => {
      // Only what the socket needs is kept from the request (not the request itself: memory per idle socket).
      const translate = translators[request.query.lang === 'en' ? 'en' : 'zh'];
      const log = request.log;
      const { token: rawToken, userId: pathUserId } = request.params;
      const send = (frame: ChatServerFrame) => {
        if (socket.readyState === socket.OPEN) sendText(socket, JSON.stringify(frame));
      };
      let peer: ChatPeer | null = null;
      let closed = false;
      // Frames that arrive while the token is being checked wait for it (listeners must exist at once).
      const early: Array<{ data: Buffer; isBinary: boolean }> = [];
      // Messages of one socket are handled one after another, so their seqs follow the order sent
      // (a queue and one loop, not a promise chain: no promises and closure per message). A text
      // message checked on arrival without the schemas waits as its ChatSend (`checked`).
      const messages: Array<{ frame: ChatClientFrame; checked: ChatSend | null }> = [];
      let working = false;

      const refuse = (key: string, clientMsgId: string | null = null) => {
        const frame = codeFrame({ translate }, CHAT_CODE.refused, { clientMsgId, reason: key }, key, LIMIT_PARAMS[key]);
        if (peer) void hub.enqueue(peer.id, async () => send(frame));
        else send(frame);
      };

      const handle = (data: Buffer, isBinary: boolean) => {
        const me = peer!;
        hub.touch(me.id, Date.now());
        if (isBinary || data.length > CHAT_FRAME_MAX_BYTES) return refuse(isBinary ? 'chat.errors.frameInvalid' : 'chat.errors.frameTooLarge');
        let raw: unknown;
        try {
          raw = JSON.parse(data.toString('utf8'));
        } catch {
          return refuse('chat.errors.frameInvalid');
        }
        const checked = plainTextSend(raw);
        if (checked) {
          messages.push({ frame: checked, checked });
          if (!working) void work(me);
          return;
        }
        const parsed = ChatClientFrameSchema.safeParse(raw);
        if (!parsed.success) return refuse(parsed.error.issues[0]?.message.startsWith('chat.') ? parsed.error.issues[0].message : 'chat.errors.frameInvalid');
        const frame = parsed.data;
        if (frame.content === CHAT_HEARTBEAT_CONTENT) {
          // Answered at once, outside the socket's queue: it says only that the socket is alive (an
          // idle socket beats every 19 s; 20,000 of them are about 1,000 beats a second).
          if (socket.readyState === socket.OPEN) sendText(socket, HEARTBEAT_ANSWER);
          return;
        }
        if (frame.sendType === CHAT_SEND_TYPE.resume) {
          void hub.resume(me.id, frame.resume ?? []);
          return;
        }
        messages.push({ frame, checked: null });
        if (!working) void work(me);
      };

      /** Handles the queued messages in order, each after the one before it is done. */
      const work = async (me: ChatPeer) => {
        working = true;
        for (let item = messages.shift(); item !== undefined; item = messages.shift()) {
          try {
            await handleMessage(me, item.frame, item.checked);
          } catch (err) {
            log.error({ err }, 'chat frame failed');
          }
        }
        working = false;
      };

      const handleMessage = async (me: ChatPeer, frame: ChatClientFrame, checked: ChatSend | null) => {
        if (!hub.has(me.id)) return;
        const count = await ctx.kv.incr(`chat:rate:${me.account}`, CHAT_RATE_WINDOW_MS);
        if (count > ctx.env.CHAT_MESSAGES_PER_10S) return refuse('chat.errors.tooFast', typeof frame.clientMsgId === 'string' ? frame.clientMsgId : null);
        const message = checked ? { success: true as const, data: checked } : ChatSendSchema.safeParse(frame);
        if (!message.success) return refuse(message.error.issues[0]?.message ?? 'chat.errors.frameInvalid', typeof frame.clientMsgId === 'string' ? frame.clientMsgId : null);
        let frames: ChatServerFrame[];
        try {
          frames = await sendFromSocket(ctx, me, message.data);
        } catch (err) {
          // Nothing of it was stored (its statement failed whole): the sender may resend the same id.
          log.error({ err }, 'chat message not stored');
          return refuse('chat.errors.sendFailed', message.data.clientMsgId ?? null);
        }
        // After the message's own delivery (already queued), so code 12 follows the acknowledgement.
        if (frames.length > 0) await hub.enqueue(me.id, async () => frames.forEach(send));
      };

      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (peer) handle(data, isBinary);
        else early.push({ data, isBinary });
      });
      socket.on('close', () => {
        closed = true;
        if (peer) hub.remove(peer);
      });
      socket.on('error', () => {});

      identify(rawToken, pathUserId)
        .then(async (who) => {
          if (closed) return;
          if (!who) {
            send(codeFrame({ translate }, CHAT_CODE.userInfoFailed, null, 'chat.codes.userInfoFailed'));
            socket.close(CLOSE_UNIDENTIFIED, 'user info failed');
            return;
          }
          const me: ChatPeer = {
            id: randomUUID(),
            who,
            targets: targetsOf(who),
            account: accountOf(who),
            generation: 0,
            lastSeen: Date.now(),
            send,
            translate,
            close: (code, reason) => socket.close(code, reason),
            terminate: () => socket.terminate(),
          };
          peer = me;
          await hub.add(me);
          if (closed) {
            hub.remove(me);
            return;
          }
          for (const frame of early.splice(0)) handle(frame.data, frame.isBinary);
        })
        .catch((err: unknown) => {
          log.error({ err }, 'chat socket could not start');
          socket.close(1011, 'server error');
        });
    },
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's chat sockets (tests look at it). */
    chatHub: ChatHub;
  }
}

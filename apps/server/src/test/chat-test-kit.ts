// Real chat sockets for tests (decision 063): an app listening on a port, a `ws` client that keeps
// every frame it gets and waits for the ones a test expects, and the three kinds of accounts.
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { CHAT_HEARTBEAT_CONTENT, CHAT_SEND_TYPE, type ChatMessage, type ChatServerFrame } from '@bazaar/shared/schemas/chat';
import type { BazaarApp } from '../app.ts';
import { merchantAccounts } from '../db/schema.ts';
import { adminLogin, createTestAdmin } from './admin-test-kit.ts';
import { merchantLogin, registerBuyer, type Buyer } from './merchant-test-kit.ts';
import { createTestProduct } from './product-test-kit.ts';
import { createTestShop } from './staff-test-kit.ts';
import type { TestApp } from './test-app.ts';

const listening = new WeakMap<BazaarApp, Promise<string>>();

/** The app's ws:// origin, listening on a free port of this machine (once per app). */
export function socketOrigin(app: BazaarApp): Promise<string> {
  let origin = listening.get(app);
  if (!origin) {
    origin = app.listen({ port: 0, host: '127.0.0.1' }).then(() => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    listening.set(app, origin);
  }
  return origin;
}

export class ChatClient {
  readonly frames: ChatServerFrame[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as ChatServerFrame);
      this.wake();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
    socket.on('error', () => {});
  }

  static async open(app: BazaarApp, token: string, userId: string | number, lang: 'zh' | 'en' = 'zh'): Promise<ChatClient> {
    const origin = await socketOrigin(app);
    const socket = new WebSocket(`${origin}/im/websocket/online/user/${encodeURIComponent(token)}/${userId}?lang=${lang}`);
    const client = new ChatClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `pick` finds something in the frames so far (or the socket closes, or the time is up). */
  async waitFor<T>(pick: (frames: ChatServerFrame[]) => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pick(this.frames);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting; frames so far: ${JSON.stringify(this.frames).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitCode(code: number | string, timeoutMs?: number): Promise<ChatServerFrame> {
    return this.waitFor((frames) => frames.find((f) => f.code === code), timeoutMs);
  }

  async waitClosed(timeoutMs = 10_000): Promise<number> {
    await this.waitFor(() => this.closeCode !== null, timeoutMs);
    return this.closeCode!;
  }

  /** The code 1 and code 2 messages of a conversation, in the order received. */
  messages(conversationId?: number): ChatMessage[] {
    const out: ChatMessage[] = [];
    for (const f of this.frames) {
      if (f.code === 1) out.push(f.data as ChatMessage);
      if (f.code === 2) out.push(...(f.data as { messages: ChatMessage[] }).messages);
    }
    return conversationId === undefined ? out : out.filter((m) => m.conversationId === conversationId);
  }

  async waitMessages(count: number, conversationId?: number, timeoutMs?: number): Promise<ChatMessage[]> {
    return this.waitFor(() => {
      const list = this.messages(conversationId);
      return list.length >= count ? list : undefined;
    }, timeoutMs);
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  say(toId: number | string, content: string, extra: { msgType?: number; clientMsgId?: string } = {}): void {
    this.send({ toId, msgType: extra.msgType ?? 0, sendType: CHAT_SEND_TYPE.message, content, ...(extra.clientMsgId ? { clientMsgId: extra.clientMsgId } : {}) });
  }

  heartbeat(): void {
    this.send({ content: CHAT_HEARTBEAT_CONTENT });
  }

  resume(items: Array<{ conversationId: number; lastSeq: number }>): void {
    this.send({ sendType: CHAT_SEND_TYPE.resume, resume: items });
  }

  async close(): Promise<void> {
    if (this.closeCode !== null) return;
    this.socket.close();
    await this.waitClosed().catch(() => {});
  }
}

export async function chatShopper(t: TestApp): Promise<Buyer> {
  return registerBuyer(t);
}

/** A shop's merchant account (shop<id>) logged in: its token and account id (the socket's userId). */
export async function chatMerchant(t: TestApp, shopId: number): Promise<{ token: string; accountId: number; shopId: number }> {
  const token = await merchantLogin(t, shopId);
  const [row] = await t.ctx.db.select({ id: merchantAccounts.id }).from(merchantAccounts).where(and(eq(merchantAccounts.shopId, shopId), eq(merchantAccounts.username, `shop${shopId}`)));
  return { token, accountId: row!.id, shopId };
}

/** A fresh customer-service agent (built-in role `service`, which holds chat.service), logged in. */
export async function chatAgent(t: TestApp): Promise<{ token: string; adminId: number; username: string }> {
  const admin = await createTestAdmin(t, 'service');
  const res = await adminLogin(t, admin.username);
  if (res.statusCode !== 200) throw new Error(`agent login failed: ${res.body}`);
  return { token: res.json().accessToken as string, adminId: admin.id, username: admin.username };
}

/**
 * Fresh open shops, each with a product, for a chat test file alone: a seeded shop's account is
 * shared with other files, and another file's socket for it would take this one's over (code 11).
 */
export async function chatShops(t: TestApp, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { shopId } = await createTestShop(t);
    await createTestProduct(t, { shopId });
    ids.push(shopId);
  }
  return ids;
}

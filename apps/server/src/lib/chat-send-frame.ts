// The chat socket's common frame, a text message, checked without zod (decision 063, fifth pass):
// the two schema parses of each message frame (ChatClientFrameSchema, then ChatSendSchema) were
// about 2 KiB of garbage and a share of instance A's CPU per message at 1,000 messages/s. Only a
// frame the schemas would accept is answered; anything else (a heartbeat, a resume, a card, an
// image, any refusal) takes the schemas' path as before, so the refusals and their codes are theirs.
import { CHAT_CLIENT_MSG_ID_PATTERN, CHAT_HEARTBEAT_CONTENT, CHAT_MSG_TYPE, CHAT_SEND_TYPE, CHAT_TEXT_MAX } from '@bazaar/shared/constants/chat';
import type { ChatSend } from '@bazaar/shared/schemas/chat';
import { CONTROL_CHARACTER } from '@bazaar/shared/schemas/text';

const KEYS = new Set(['toId', 'msgType', 'sendType', 'content', 'clientMsgId']);
const USER_ID = /^[0-9a-f]{32}$/;
const INT32_MAX = 2_147_483_647;

/**
 * A parsed client frame that is a valid text message, as `ChatSendSchema.parse(ChatClientFrameSchema.parse(raw))`
 * answers it (content trimmed), or null: then the schemas decide.
 */
export function plainTextSend(raw: unknown): ChatSend | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const frame = raw as Record<string, unknown>;
  for (const key in frame) if (!KEYS.has(key)) return null;
  const { toId, msgType, sendType, content, clientMsgId } = frame;
  if (msgType !== CHAT_MSG_TYPE.text || (sendType !== undefined && sendType !== CHAT_SEND_TYPE.message)) return null;
  if (typeof toId === 'number') {
    if (!Number.isInteger(toId) || toId < 0 || toId > INT32_MAX) return null;
    // A string the shop id's coercion reads as a number ('0e1...') is the schemas' to judge.
  } else if (typeof toId !== 'string' || !USER_ID.test(toId) || !Number.isNaN(Number(toId))) return null;
  if (typeof content !== 'string' || content === CHAT_HEARTBEAT_CONTENT || CONTROL_CHARACTER.test(content)) return null;
  const text = content.trim();
  if (text.length === 0 || text.length > CHAT_TEXT_MAX) return null;
  if (clientMsgId !== undefined && (typeof clientMsgId !== 'string' || !CHAT_CLIENT_MSG_ID_PATTERN.test(clientMsgId))) return null;
  // The schema's output: its keys in its order, an absent optional key absent.
  const send: ChatSend = { toId, msgType: CHAT_MSG_TYPE.text } as ChatSend;
  if (sendType !== undefined) send.sendType = CHAT_SEND_TYPE.message;
  send.content = text;
  if (clientMsgId !== undefined) send.clientMsgId = clientMsgId;
  return send;
}

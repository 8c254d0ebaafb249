import { describe, expect, it } from 'vitest';
import { CHAT_HEARTBEAT_CONTENT, CHAT_SEND_TYPE } from '@bazaar/shared/constants/chat';
import { ChatClientFrameSchema, ChatSendSchema } from '@bazaar/shared/schemas/chat';
import { plainTextSend } from './chat-send-frame.ts';

const USER = '0123456789abcdef0123456789abcdef';

/** What the socket's schema path answers: a message to send, or null (a heartbeat, a resume, a refusal). */
function bySchemas(raw: unknown): unknown {
  const frame = ChatClientFrameSchema.safeParse(raw);
  if (!frame.success || frame.data.content === CHAT_HEARTBEAT_CONTENT || frame.data.sendType === CHAT_SEND_TYPE.resume) return null;
  const send = ChatSendSchema.safeParse(frame.data);
  return send.success ? send.data : null;
}

describe('plainTextSend', () => {
  it('answers the text messages clients send as the schemas do', () => {
    const common = [
      { toId: 3, msgType: 0, sendType: 1, content: 'hello', clientMsgId: 'c-1' },
      { toId: 0, msgType: 0, content: '  padded  ' },
      { toId: USER, msgType: 0, sendType: 1, content: '你好', clientMsgId: 'A_b-9' },
      { toId: 2_147_483_647, msgType: 0, content: 'x'.repeat(500) },
      { toId: 7, msgType: 0, sendType: 1, content: ` ${CHAT_HEARTBEAT_CONTENT} ` },
      { toId: 7, msgType: 0, content: 'tab\there\nnewline\r' },
    ];
    for (const raw of common) {
      const fast = plainTextSend(raw);
      expect(fast, JSON.stringify(raw)).not.toBeNull();
      expect(fast).toStrictEqual(bySchemas(raw));
    }
  });

  it('leaves every other frame to the schemas', () => {
    const others: unknown[] = [
      null,
      [],
      'text',
      { content: CHAT_HEARTBEAT_CONTENT },
      { toId: 3, msgType: 0, sendType: 1, content: CHAT_HEARTBEAT_CONTENT },
      { sendType: 2, resume: [{ conversationId: 1, lastSeq: 0 }] },
      { toId: 3, msgType: 0, sendType: 2, content: 'resume?' },
      { toId: 3, msgType: 1, content: '/uploads/a.png' },
      { toId: 3, msgType: 2, content: '12' },
      { toId: 3, msgType: 0, content: '   ' },
      { toId: 3, msgType: 0, content: 'x'.repeat(501) },
      { toId: 3, msgType: 0, content: 'bell\u0007' },
      { toId: 3, msgType: 0, content: 'ok', clientMsgId: 'has space' },
      { toId: 3, msgType: 0, content: 'ok', clientMsgId: 'x'.repeat(65) },
      { toId: 3, msgType: 0, content: 'ok', extra: 1 },
      { toId: -1, msgType: 0, content: 'ok' },
      { toId: 1.5, msgType: 0, content: 'ok' },
      { toId: 2_147_483_648, msgType: 0, content: 'ok' },
      { toId: '12', msgType: 0, content: 'ok' },
      { toId: '0e123456789012345678901234567890', msgType: 0, content: 'ok' },
      { toId: USER.toUpperCase(), msgType: 0, content: 'ok' },
      { msgType: 0, content: 'ok' },
      { toId: 3, content: 'ok' },
      { toId: 3, msgType: '0', content: 'ok' },
      { toId: 3, msgType: 0, content: 5 },
      JSON.parse('{"toId":3,"msgType":0,"content":"ok","__proto__":{"x":1}}'),
    ];
    for (const raw of others) expect(plainTextSend(raw), JSON.stringify(raw)).toBeNull();
  });

  it('never answers a frame the schemas answer otherwise (generated frames)', () => {
    const values = {
      toId: [undefined, 0, 3, -1, 1.5, 2_147_483_648, '3', USER, '0e123456789012345678901234567890', 'abc', null],
      msgType: [undefined, 0, 1, 4, '0', null],
      sendType: [undefined, 0, 1, 2, '1'],
      content: [undefined, 'hi', '  hi  ', '', ' ', CHAT_HEARTBEAT_CONTENT, 'a\u0000b', 'x'.repeat(500), ` ${'x'.repeat(500)} `, 'x'.repeat(501), 3],
      clientMsgId: [undefined, 'c-1', '', 'bad id', 7],
    };
    let fastOnes = 0;
    for (const toId of values.toId)
      for (const msgType of values.msgType)
        for (const sendType of values.sendType)
          for (const content of values.content)
            for (const clientMsgId of values.clientMsgId) {
              const raw: Record<string, unknown> = {};
              for (const [k, v] of Object.entries({ toId, msgType, sendType, content, clientMsgId })) if (v !== undefined) raw[k] = v;
              const fast = plainTextSend(raw);
              if (fast === null) continue;
              fastOnes += 1;
              expect(fast, JSON.stringify(raw)).toStrictEqual(bySchemas(raw));
            }
    expect(fastOnes).toBe(48); // 3 toIds × 2 sendTypes × 4 contents × 2 clientMsgIds
  });
});

// One-time SMS codes, their resend lock and their tries, all in ctx.kv so they work the same on
// Redis and in memory. The per-address send limit is a route rate limit (plugins/rate-limit.ts).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_RESEND_LOCK_MS } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import type { SmsNoticeKind, SmsPurpose } from '../../providers/sms/sms-provider.ts';
import { recordSmsMessage } from './repository.ts';

/** Wrong tries after which a code is thrown away. */
export const SMS_CODE_MAX_WRONG_TRIES = 5;

const codeKey = (purpose: SmsPurpose, mobile: string) => `account:sms:code:${purpose}:${mobile}`;
const triesKey = (purpose: SmsPurpose, mobile: string) => `account:sms:tries:${purpose}:${mobile}`;
const lockKey = (mobile: string) => `account:sms:lock:${mobile}`;
const digest = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');

export async function sendSmsCode(
  ctx: Pick<AppContext, 'db' | 'kv' | 'providers'>,
  input: { mobile: string; purpose: SmsPurpose; ip: string },
): Promise<void> {
  const { kv } = ctx;
  const { mobile, purpose, ip } = input;
  if (!(await kv.setIfAbsent(lockKey(mobile), '1', SMS_RESEND_LOCK_MS))) {
    const left = await kv.ttl(lockKey(mobile));
    throw invalid('errors.account.smsTooFrequent', { count: Math.max(1, Math.ceil(left / 1000)) });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await kv.set(codeKey(purpose, mobile), digest(mobile, code), SMS_CODE_TTL_MS);
  await kv.del(triesKey(purpose, mobile));
  const { sms } = ctx.providers;
  try {
    await sms.sendCode({ mobile, code, purpose });
  } catch (err) {
    // Nothing reached the phone: let the user try again at once.
    await kv.del(codeKey(purpose, mobile));
    await kv.del(lockKey(mobile));
    throw err;
  }
  // sms_messages is this module's: the provider only sends, the send is recorded here.
  await recordSmsMessage(ctx.db, { mobile, purpose, provider: sms.name, sandboxCode: sms.isSandbox ? code : null, ip });
}

/** Mainland mobile numbers only: a notice to anything else is not sent. */
const NOTICE_MOBILE = /^1\d{10}$/;
const NOTICE_TEXT_MAX = 500;

/**
 * Sends one notice by SMS (a flash sale's start, an after-sales deadline, a failed group-buy team's
 * refund) when the provider can send its kind, and records it (the sandbox keeps the text for its
 * inbox). Never throws: a notice is a courtesy beside the row of record, and a refused one is not
 * sent again. Answers whether it went out.
 */
export async function sendSmsNotice(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  input: { mobile: string | null | undefined; kind: SmsNoticeKind; text: string; params: Record<string, string> },
): Promise<boolean> {
  const { sms } = ctx.providers;
  const mobile = input.mobile ?? '';
  if (!NOTICE_MOBILE.test(mobile) || !sms.noticeKinds.has(input.kind)) return false;
  try {
    await sms.sendNotice({ mobile, kind: input.kind, text: input.text, params: input.params });
  } catch {
    // The adapter logged the gateway's refusal.
    return false;
  }
  await recordSmsMessage(ctx.db, { mobile, purpose: 'notice', provider: sms.name, sandboxCode: null, sandboxText: sms.isSandbox ? input.text.slice(0, NOTICE_TEXT_MAX) : null, ip: null });
  return true;
}

/**
 * Checks and uses up a code; only one caller can ever use a given code. The try is counted
 * atomically BEFORE the comparison, so a burst of N parallel guesses uses N tries and only the
 * first SMS_CODE_MAX_WRONG_TRIES are ever compared; a right code sent after that is refused.
 */
export async function consumeSmsCode(
  ctx: Pick<AppContext, 'kv'>,
  input: { mobile: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const { kv } = ctx;
  const key = codeKey(input.purpose, input.mobile);
  const tries = await kv.incr(triesKey(input.purpose, input.mobile), SMS_CODE_TTL_MS);
  // Past the limit the code is never compared again (the tries outlive it). It is not deleted here,
  // so a right guess still within the limit, but slower, is not robbed by a later one.
  if (tries > SMS_CODE_MAX_WRONG_TRIES) throw invalid('errors.account.codeWrong');
  const expected = await kv.get(key);
  if (expected === null) throw invalid('errors.account.codeWrong');
  const given = digest(input.mobile, input.code);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) throw invalid('errors.account.codeWrong');
  if ((await kv.take(key)) !== expected) throw invalid('errors.account.codeWrong');
  await kv.del(triesKey(input.purpose, input.mobile));
}

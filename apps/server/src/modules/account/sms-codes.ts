// One-time SMS codes, their resend lock and the per-IP send limit, all in ctx.kv so they
// work the same on Redis and in memory.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_RESEND_LOCK_MS } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../../context.ts';
import { invalid, tooMany } from '../../lib/app-error.ts';
import type { SmsPurpose } from '../../providers/sms/sms-provider.ts';

/** Wrong tries after which a code is thrown away. */
export const SMS_CODE_MAX_WRONG_TRIES = 5;
const HOUR_MS = 3_600_000;

const codeKey = (purpose: SmsPurpose, mobile: string) => `account:sms:code:${purpose}:${mobile}`;
const wrongKey = (purpose: SmsPurpose, mobile: string) => `account:sms:wrong:${purpose}:${mobile}`;
const lockKey = (mobile: string) => `account:sms:lock:${mobile}`;
const ipKey = (ip: string) => `account:sms:ip:${ip}`;
const digest = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');

export async function sendSmsCode(
  ctx: Pick<AppContext, 'kv' | 'sms' | 'env'>,
  input: { mobile: string; purpose: SmsPurpose; ip: string },
): Promise<void> {
  const { kv } = ctx;
  const { mobile, purpose, ip } = input;
  const perIpPerHour = ctx.env.SMS_PER_IP_PER_HOUR;
  if (Number((await kv.get(ipKey(ip))) ?? 0) >= perIpPerHour) throw tooMany();
  if (!(await kv.setIfAbsent(lockKey(mobile), '1', SMS_RESEND_LOCK_MS))) {
    const left = await kv.ttl(lockKey(mobile));
    throw invalid('errors.account.smsTooFrequent', { seconds: Math.max(1, Math.ceil(left / 1000)) });
  }
  // Counted only once the phone lock is ours, so refused requests do not use up the allowance;
  // a parallel burst that overshoots still gets refused here.
  if ((await kv.incr(ipKey(ip), HOUR_MS)) > perIpPerHour) {
    await kv.del(lockKey(mobile));
    throw tooMany();
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await kv.set(codeKey(purpose, mobile), digest(mobile, code), SMS_CODE_TTL_MS);
  await kv.del(wrongKey(purpose, mobile));
  try {
    await ctx.sms.sendCode({ mobile, code, purpose, ip });
  } catch (err) {
    // Nothing reached the phone: let the user try again at once.
    await kv.del(codeKey(purpose, mobile));
    await kv.del(lockKey(mobile));
    throw err;
  }
}

/** Checks and uses up a code; only one caller can ever use a given code. */
export async function consumeSmsCode(
  ctx: Pick<AppContext, 'kv'>,
  input: { mobile: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const { kv } = ctx;
  const key = codeKey(input.purpose, input.mobile);
  const expected = await kv.get(key);
  if (expected === null) throw invalid('errors.account.codeWrong');
  const given = digest(input.mobile, input.code);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    const wrong = await kv.incr(wrongKey(input.purpose, input.mobile), SMS_CODE_TTL_MS);
    if (wrong >= SMS_CODE_MAX_WRONG_TRIES) await kv.del(key);
    throw invalid('errors.account.codeWrong');
  }
  if ((await kv.take(key)) !== expected) throw invalid('errors.account.codeWrong');
  await kv.del(wrongKey(input.purpose, input.mobile));
}

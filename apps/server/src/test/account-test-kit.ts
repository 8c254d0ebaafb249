// Factories for the account tests (and any other module's tests that need a real user):
// everything goes through the HTTP API, so tests exercise what a browser does.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { smsMessages } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import { uniquePhone } from './test-app.ts';
import { encryptPassword } from '../modules/account/password-cipher.ts';

let ipCounter = 0;
/** A client address no other test uses, so per-IP SMS limits never spill between tests. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

let nameCounter = 0;
/** An account name (4-16 letters, digits, underscore) no other test uses. */
export function uniqueUserName(prefix = 'u'): string {
  nameCounter += 1;
  // At most 16 characters. The counter (unique in this process) and the pid are kept whole; the
  // clock (unique across runs on a kept database) gives way to them. Cutting the end instead made
  // the thousandth name of a run and its next nine the same within one millisecond.
  const tail = `${process.pid % 1000}_${nameCounter.toString(36)}`;
  const room = 16 - prefix.length - tail.length;
  return `${prefix}${room > 0 ? Date.now().toString(36).slice(-room) : ''}${tail}`;
}

let lastStamp = 0;
/**
 * The password cipher as the browser makes it, stamped with the app's (movable) clock. Two
 * calls in the same millisecond would make the same ciphertext, which the server refuses as a
 * replay, so each plain call gets a stamp of its own.
 */
export function cipherOf(t: TestApp, password: string, offsetMs = 0): string {
  let stamp = t.ctx.now().getTime() + offsetMs;
  if (offsetMs === 0) {
    // Only nudge within a minute: a test that moved the clock back gets its real time again.
    if (stamp <= lastStamp && lastStamp - stamp < 60_000) stamp = lastStamp + 1;
    lastStamp = stamp;
  }
  return encryptPassword(password, stamp);
}

/** The newest code the sandbox provider recorded for a phone. */
export async function latestCode(t: TestApp, mobile: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ code: smsMessages.sandboxCode })
    .from(smsMessages)
    .where(eq(smsMessages.mobile, mobile))
    .orderBy(desc(smsMessages.id))
    .limit(1);
  if (!row?.code) throw new Error(`no sandbox SMS for ${mobile}`);
  return row.code;
}

/** Ends a phone's 60 s resend lock, for tests that send several codes to one phone on purpose. */
export async function releaseSmsLock(t: TestApp, mobile: string): Promise<void> {
  await t.ctx.kv.del(`account:sms:lock:${mobile}`);
}

export function json(body: unknown, extra: { headers?: Record<string, string>; ip?: string } = {}) {
  return {
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...extra.headers },
    remoteAddress: extra.ip ?? uniqueIp(),
  };
}

export interface RegisteredUser {
  mobile: string;
  userName: string;
  password: string;
  nickName: string;
  token: string;
}

/** Registers a new user through the three register calls and answers its first token. */
export async function registerUser(t: TestApp, overrides: Partial<Omit<RegisteredUser, 'token'>> = {}): Promise<RegisteredUser> {
  const mobile = overrides.mobile ?? uniquePhone();
  const userName = overrides.userName ?? uniqueUserName();
  const password = overrides.password ?? 'abc123!';
  const nickName = overrides.nickName ?? 'Tester';
  const send = await t.app.inject({ method: 'PUT', url: '/user/sendRegisterSms', ...json({ mobile }) });
  expect(send.statusCode, send.body).toBe(200);
  const check = await t.app.inject({
    method: 'PUT',
    url: '/user/checkRegisterSms',
    ...json({ mobile, validCode: await latestCode(t, mobile) }),
  });
  expect(check.statusCode, check.body).toBe(200);
  const reg = await t.app.inject({
    method: 'PUT',
    url: '/user/registerOrBindUser',
    ...json({ appType: 3, registerOrBind: 1, validateType: 1, mobile, checkRegisterSmsFlag: check.json(), userName, password: cipherOf(t, password), nickName }),
  });
  expect(reg.statusCode, reg.body).toBe(200);
  return { mobile, userName, password, nickName, token: reg.json().accessToken };
}

export async function loginWithPassword(t: TestApp, userName: string, password: string, lang: 'zh' | 'en' = 'zh') {
  return t.app.inject({
    method: 'POST',
    url: '/login',
    ...json({ userName, passWord: cipherOf(t, password) }, { headers: { 'accept-language': lang } }),
  });
}

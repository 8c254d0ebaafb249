// The password transport cipher (reference section 1): AES-128-ECB, PKCS7, Base64, over a
// 13-digit millisecond timestamp followed by the password. The key is public (it ships to
// every browser); the timestamp and the replay guard are what make a captured ciphertext useless.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { PASSWORD_CIPHER_KEY, PASSWORD_CIPHER_TIMESTAMP_LENGTH } from '@bazaar/shared/constants/cipher';
import { LOGIN_CIPHER_MAX_AGE_MS } from '@bazaar/shared/constants/limits';
import type { Kv } from '../../lib/kv.ts';
import { invalid } from '../../lib/app-error.ts';

const KEY = Buffer.from(PASSWORD_CIPHER_KEY, 'utf8');
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function encryptPassword(password: string, timestampMs: number): string {
  const cipher = createCipheriv('aes-128-ecb', KEY, null);
  const plain = `${String(timestampMs).padStart(PASSWORD_CIPHER_TIMESTAMP_LENGTH, '0')}${password}`;
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Null when the text is not a ciphertext of this scheme. */
export function decryptPassword(cipherText: string): { timestampMs: number; password: string } | null {
  if (!BASE64.test(cipherText)) return null;
  const bytes = Buffer.from(cipherText, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-128-ecb', KEY, null);
    plain = Buffer.concat([decipher.update(bytes), decipher.final()]).toString('utf8');
  } catch {
    return null; // bad padding
  }
  const stamp = plain.slice(0, PASSWORD_CIPHER_TIMESTAMP_LENGTH);
  if (!/^\d{13}$/.test(stamp)) return null;
  return { timestampMs: Number(stamp), password: plain.slice(PASSWORD_CIPHER_TIMESTAMP_LENGTH) };
}

/**
 * Opens a password ciphertext for use: fresh (its timestamp within LOGIN_CIPHER_MAX_AGE_MS
 * of now, either side) and never seen before for the same target (`scope`: the account or
 * phone it is sent for; two people may pick the same password in the same millisecond).
 * Throws the 400s the client shows.
 */
export async function openPasswordCipher(kv: Kv, cipherText: string, now: Date, scope: string): Promise<string> {
  const opened = decryptPassword(cipherText);
  if (!opened) throw invalid('errors.account.cipherInvalid');
  if (Math.abs(now.getTime() - opened.timestampMs) > LOGIN_CIPHER_MAX_AGE_MS) throw invalid('errors.account.cipherExpired');
  // A ciphertext is acceptable at most from ts - max to ts + max: remember it that long.
  const digest = createHash('sha256').update(`${scope.toLowerCase()}\n${cipherText}`).digest('hex');
  const fresh = await kv.setIfAbsent(`account:cipher:${digest}`, '1', 2 * LOGIN_CIPHER_MAX_AGE_MS);
  if (!fresh) throw invalid('errors.account.cipherExpired');
  return opened.password;
}

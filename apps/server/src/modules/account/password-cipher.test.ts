import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CIPHER_KEY } from '@bazaar/shared/constants/cipher';
import { LOGIN_CIPHER_MAX_AGE_MS } from '@bazaar/shared/constants/limits';
import { createMemoryKv } from '../../lib/kv.ts';
import { decryptPassword, encryptPassword, openPasswordCipher } from './password-cipher.ts';

// Made with: printf '1700000000000abc123' | openssl enc -aes-128-ecb -K <hex of the key> -base64
const OPENSSL_VECTOR = 'q7JZ/qINcKc3k7t/KO/+4zGMPfV6l8bfpk1K+dYwxT8=';

describe('password cipher', () => {
  it('matches an AES-128-ECB/PKCS7 vector made with openssl', () => {
    expect(encryptPassword('abc123', 1_700_000_000_000)).toBe(OPENSSL_VECTOR);
    expect(decryptPassword(OPENSSL_VECTOR)).toEqual({ timestampMs: 1_700_000_000_000, password: 'abc123' });
  });

  it('round-trips any printable password, including non-ASCII text', () => {
    for (const password of ['a', 'Aa1!Aa1!Aa1!Aa1!Aa1!', 'pass word', '密码abc123']) {
      expect(decryptPassword(encryptPassword(password, 1_234_567_890_123))?.password).toBe(password);
    }
  });

  it.each([
    ['not base64', '@@@@'],
    ['empty', ''],
    ['not a whole block', Buffer.from('short').toString('base64')],
    ['bad padding', Buffer.alloc(16, 7).toString('base64')],
  ])('refuses %s', (_name, text) => {
    expect(decryptPassword(text)).toBeNull();
  });

  it('refuses a plain text that does not start with a 13-digit timestamp', () => {
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(PASSWORD_CIPHER_KEY), null);
    const text = Buffer.concat([cipher.update('17000000000x0abc123'), cipher.final()]).toString('base64');
    expect(decryptPassword(text)).toBeNull();
  });

  it('opens a fresh ciphertext once, refuses stale, future and replayed ones', async () => {
    const now = new Date(1_800_000_000_000);
    const kv = createMemoryKv(() => now.getTime());
    const fresh = encryptPassword('abc123', now.getTime() - 1000);
    await expect(openPasswordCipher(kv, fresh, now, 'buyer01')).resolves.toBe('abc123');
    await expect(openPasswordCipher(kv, fresh, now, 'BUYER01')).rejects.toMatchObject({ messageKey: 'errors.account.cipherExpired' });
    // The same ciphertext for another account is not a replay (same password, same millisecond).
    await expect(openPasswordCipher(kv, fresh, now, 'buyer02')).resolves.toBe('abc123');
    const stale = encryptPassword('abc123', now.getTime() - LOGIN_CIPHER_MAX_AGE_MS - 1);
    await expect(openPasswordCipher(kv, stale, now, 'buyer01')).rejects.toMatchObject({ messageKey: 'errors.account.cipherExpired' });
    const future = encryptPassword('abc123', now.getTime() + LOGIN_CIPHER_MAX_AGE_MS + 1);
    await expect(openPasswordCipher(kv, future, now, 'buyer01')).rejects.toMatchObject({ messageKey: 'errors.account.cipherExpired' });
    await expect(openPasswordCipher(kv, 'garbage', now, 'buyer01')).rejects.toMatchObject({ messageKey: 'errors.account.cipherInvalid' });
    await kv.close();
  });
});

// The shared cipher (storefront and consoles) must produce exactly what the server's node:crypto version opens.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CIPHER_KEY } from '../constants/cipher.ts';
import { encryptPassword } from './password-cipher.ts';

const key = Buffer.from(PASSWORD_CIPHER_KEY, 'utf8');

describe('encryptPassword', () => {
  it('is AES-128-ECB/PKCS7 in Base64 of the 13-digit timestamp and the password, as node:crypto makes it', () => {
    for (const password of ['', 'bazaar123', 'x'.repeat(3), 'pässwörd_密码_16+bytes_long!', 'a'.repeat(19)]) {
      const node = createCipheriv('aes-128-ecb', key, null);
      const expected = Buffer.concat([node.update(`1795550000123${password}`, 'utf8'), node.final()]).toString('base64');
      expect(encryptPassword(password, 1795550000123)).toBe(expected);
    }
  });

  it('opens with the server-side decipher', () => {
    const decipher = createDecipheriv('aes-128-ecb', key, null);
    const text = Buffer.concat([decipher.update(Buffer.from(encryptPassword('Start_pw1', 42), 'base64')), decipher.final()]).toString('utf8');
    expect(text).toBe('0000000000042Start_pw1');
  });
});

import { ecb } from '@noble/ciphers/aes.js';
import { utf8ToBytes } from '@noble/ciphers/utils.js';
import { PASSWORD_CIPHER_KEY } from '../constants/cipher.ts';

// The browser side of the password transport (the storefront and the consoles). Web Crypto has no ECB mode (and no crypto.subtle on plain-http pages), so a maintained,
// audited pure-JS AES does it; its ECB pads with PKCS#7 like the reference cipher.
const KEY = utf8ToBytes(PASSWORD_CIPHER_KEY);

/** The password as it travels: AES-ECB/PKCS7 of a 13-digit ms timestamp + the password, Base64. */
export function encryptPassword(password: string, now: number = Date.now()): string {
  const plain = String(now).padStart(13, '0') + password;
  let binary = '';
  // A cipher object encrypts once (noble's guard against nonce reuse), so one per call.
  for (const byte of ecb(KEY).encrypt(utf8ToBytes(plain))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { PASSWORD_CIPHER_KEY } from '@bazaar/shared/constants/cipher';

/** The password as it travels: AES-ECB/PKCS7 of a 13-digit ms timestamp + the password, Base64. */
export function encryptPassword(password: string, now: number = Date.now()): string {
  const plain = String(now).padStart(13, '0') + password;
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(PASSWORD_CIPHER_KEY), { mode: ECB, padding: Pkcs7 }).toString();
}

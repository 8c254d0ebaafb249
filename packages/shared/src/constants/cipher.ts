// The login-password transport cipher (specification section 3, reference section 1):
// AES-ECB with PKCS7 padding under a shared 16-character key, Base64 output, over a
// 13-digit millisecond timestamp followed by the password. The key ships to every
// browser, so it is not a secret: it keeps passwords out of logs and proxies, and the
// timestamp lets the server refuse stale or replayed ciphertexts.
export const PASSWORD_CIPHER_KEY = 'bZr-mall-2026-pc';
export const PASSWORD_CIPHER_TIMESTAMP_LENGTH = 13;

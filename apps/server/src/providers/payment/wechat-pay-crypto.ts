// WeChat Pay API v3: notifications are signed with SHA256-RSA over "timestamp\nnonce\nbody\n"
// (headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial), and their `resource` is
// encrypted with AEAD_AES_256_GCM under the merchant's 32-byte APIv3 key.
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyLike } from 'node:crypto';

export interface WechatResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data: string;
  original_type: string;
}

const TAG_BYTES = 16;

export function wechatSignMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function signWechat(timestamp: string, nonce: string, body: string, privateKey: KeyLike): string {
  return createSign('RSA-SHA256').update(wechatSignMessage(timestamp, nonce, body), 'utf8').sign(privateKey, 'base64');
}

export function verifyWechat(input: { timestamp: string; nonce: string; signature: string; body: string }, publicKey: KeyLike): boolean {
  try {
    return createVerify('RSA-SHA256').update(wechatSignMessage(input.timestamp, input.nonce, input.body), 'utf8').verify(publicKey, input.signature, 'base64');
  } catch {
    return false;
  }
}

function keyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('The WeChat Pay APIv3 key must be 32 bytes');
  return key;
}

/** Encrypts a notification's resource as the gateway does (ciphertext = data || 16-byte tag, base64). */
export function encryptWechatResource(apiV3Key: string, plaintext: string, associatedData: string, originalType = 'transaction'): WechatResource {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as the gateway sends
  const cipher = createCipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: associatedData, original_type: originalType };
}

/** The plaintext of a resource; throws when it was tampered with or the key is wrong. */
export function decryptWechatResource(apiV3Key: string, resource: Pick<WechatResource, 'ciphertext' | 'nonce' | 'associated_data'>): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(apiV3Key), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

// Alipay's RSA2 signature: SHA256withRSA over the parameters sorted by name and joined as
// k=v&k=v, leaving out `sign`, `sign_type` (in notifications) and empty values. The same code
// signs requests and checks notifications, for the sandbox gateway and the real one alike.
import { createSign, createVerify, type KeyLike } from 'node:crypto';

export type AlipayParams = Record<string, string | undefined>;

export function alipaySignContent(params: AlipayParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signAlipay(params: AlipayParams, privateKey: KeyLike): string {
  return createSign('RSA-SHA256').update(alipaySignContent(params), 'utf8').sign(privateKey, 'base64');
}

/** True only for an intact RSA2 signature by the holder of the key. */
export function verifyAlipay(params: AlipayParams, publicKey: KeyLike): boolean {
  const { sign, sign_type: signType } = params;
  if (!sign || (signType !== undefined && signType !== 'RSA2')) return false;
  try {
    return createVerify('RSA-SHA256').update(alipaySignContent(params), 'utf8').verify(publicKey, sign, 'base64');
  } catch {
    return false;
  }
}

/**
 * A request to the gateway is signed over every parameter but `sign` (sign_type included),
 * unlike a notification; the gateway checks it with the app's public key.
 */
export function alipayRequestSignContent(params: AlipayParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signAlipayRequest(params: AlipayParams, privateKey: KeyLike): string {
  return createSign('RSA-SHA256').update(alipayRequestSignContent(params), 'utf8').sign(privateKey, 'base64');
}

export function verifyAlipayRequest(params: AlipayParams, publicKey: KeyLike): boolean {
  if (!params.sign || params.sign_type !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256').update(alipayRequestSignContent(params), 'utf8').verify(publicKey, params.sign, 'base64');
  } catch {
    return false;
  }
}

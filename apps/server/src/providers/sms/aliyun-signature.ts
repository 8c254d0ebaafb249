// Aliyun RPC-style request signing (signature version 1.0, HMAC-SHA1), as documented for
// dysmsapi and the other POP APIs.
import { createHmac } from 'node:crypto';

/** RFC 3986 encoding as Aliyun wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Parameters sorted by name, each name and value encoded, joined with & (Signature excluded). */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64 HMAC-SHA1 of the string to sign, keyed with the secret followed by '&'. */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params)).digest('base64');
}

/** Aliyun wants ISO 8601 in UTC without milliseconds: 2016-02-23T12:46:24Z. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

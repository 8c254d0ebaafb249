// The storefront proxy's X-Forwarded-* headers (forwarded.js beside server.js).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedHeaders } from '../../forwarded.js';

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers: { host: 'shop.example.test', ...headers } } as unknown as IncomingMessage;
}

describe('forwardedHeaders', () => {
  it('replaces a visitor-sent X-Forwarded-For with the visitor address', () => {
    const req = request('203.0.113.7', { 'x-forwarded-for': '127.0.0.1, 10.0.0.1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'for=1.2.3.4' });
    forwardedHeaders(undefined)(req);
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(req.headers['x-forwarded-host']).toBe('shop.example.test');
    expect(req.headers['x-forwarded-proto']).toBe('http');
    expect(req.headers.forwarded).toBeUndefined();
  });

  it('takes the client from a trusted proxy in front, and only one hop of it', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '127.0.0.1, 198.51.100.4', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mall.example' });
    forwardedHeaders('10.0.0.0/24')(req);
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.4');
    expect(req.headers['x-forwarded-proto']).toBe('https');
    expect(req.headers['x-forwarded-host']).toBe('mall.example');
  });
});

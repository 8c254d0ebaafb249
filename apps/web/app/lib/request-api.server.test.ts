// Loaders call the API as the visitor: the API's per-address limits must count the visitor, not the storefront.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fetchTransport, setServerTransport } from './api.ts';
import { apiContextFor } from './request-api.server.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiContextFor', () => {
  // These tests stub fetch; the server's own transport (node:http) has its tests in api-transport.server.test.ts.
  beforeEach(() => setServerTransport(fetchTransport));
  it("passes the visitor's address that server.js set on to the API", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const request = new Request('http://shop.example.test/en/list?pn=茶', { headers: { 'X-Forwarded-For': '203.0.113.7', Cookie: 'language=en' } });
    await api('/search/searchProdPage', apiContextFor(request));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'X-Forwarded-For': '203.0.113.7' });
  });

  it('sends no address header when the request has none', async () => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await api('/healthz', apiContextFor(new Request('http://shop.example.test/')));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(Object.keys(init.headers as object)).not.toContain('X-Forwarded-For');
  });
});

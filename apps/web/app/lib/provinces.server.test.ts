import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, setServerTransport } from './api.ts';
import { PROVINCES_TTL_MS, loadProvinces } from './provinces.server.ts';
import { createSharedData } from './shared-data.server.ts';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const context = (lang: 'zh' | 'en') => ({ baseUrl: 'http://api.test', lang, token: 't', clientIp: null });

describe('loadProvinces', () => {
  // These tests stub fetch; the server's own transport (node:http) has its tests in api-transport.server.test.ts.
  beforeEach(() => setServerTransport(fetchTransport));
  it('asks the API once per language for any number of page renders, again after its TTL', async () => {
    let clock = 1_000_000;
    const store = createSharedData(() => clock, PROVINCES_TTL_MS);
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      json([{ areaId: 330000, areaName: (init?.headers as Record<string, string>)['Accept-Language'] === 'en' ? 'Zhejiang' : '浙江省', parentId: 0, level: 1 }]),
    );
    vi.stubGlobal('fetch', fetch);
    for (let i = 0; i < 5; i++) expect((await loadProvinces(context('zh'), store))[0]?.areaName).toBe('浙江省');
    expect((await loadProvinces(context('en'), store))[0]?.areaName).toBe('Zhejiang');
    expect(fetch).toHaveBeenCalledTimes(2);
    clock += PROVINCES_TTL_MS + 1;
    await loadProvinces(context('zh'), store);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('keeps no failure', async () => {
    const store = createSharedData(() => 0, PROVINCES_TTL_MS);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('down', { status: 503 })).mockResolvedValueOnce(json([])));
    await expect(loadProvinces(context('zh'), store)).rejects.toThrow();
    expect(await loadProvinces(context('zh'), store)).toEqual([]);
  });
});

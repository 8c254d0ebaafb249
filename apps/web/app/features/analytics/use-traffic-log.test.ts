// @vitest-environment happy-dom
// The checkouts' hook sends the order-created record (page id 11) to the traffic log in the
// background: /p/flowAnalysisLog with the token when logged in, with the shopper's id.
import { createElement, useEffect } from 'react';
import { createRoutesStub } from 'react-router';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOrderCreatedLog } from './use-traffic-log.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'token=; Max-Age=0; Path=/';
  localStorage.clear();
});

function Submitted() {
  const log = useOrderCreatedLog();
  useEffect(() => log('1001,1002', 3), [log]);
  return null;
}

describe('useOrderCreatedLog', () => {
  it('sends page id 11 with orderNumbers and nums', async () => {
    document.cookie = 'token=tok; Path=/';
    const fetch = vi.fn(async () => Response.json(null));
    vi.stubGlobal('fetch', fetch);
    const Stub = createRoutesStub([{ id: 'root', path: '/', loader: () => ({ lang: 'en', user: { userId: 'u1' } }), HydrateFallback: () => null, Component: Submitted }]);
    render(createElement(Stub));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/p/flowAnalysisLog');
    expect((init.headers as Record<string, string>).Authorization).toBe('tok');
    expect(JSON.parse(init.body as string)).toMatchObject({ pageId: 11, orderNumbers: '1001,1002', nums: 3, userId: 'u1', step: 1 });
  });
});

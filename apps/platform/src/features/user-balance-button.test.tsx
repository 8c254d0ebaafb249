// The balance dialog says the approval threshold before anything is sent (decision 058), from the
// threshold the server's balance read answers, and says again when a sent change waits.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { UserBalanceButton } from './user-balance-button.tsx';

const calls: Array<{ path: string; method?: string; body?: unknown }> = [];
let threshold = 100_000;

vi.mock('../lib/api.ts', async () => {
  const { ApiError } = await import('@bazaar/shared/console/api-client');
  return {
    ApiError,
    api: async (path: string, options: { method?: string; body?: unknown; schema?: { parse: (v: unknown) => unknown } }) => {
      calls.push({ path, method: options.method, body: options.body });
      const json = options.method === 'POST' ? { userId: 'u1', balance: 0, pending: true, requestId: 9, threshold } : { userId: 'u1', balance: 1_234, threshold };
      return options.schema ? options.schema.parse(json) : json;
    },
  };
});

beforeEach(() => {
  calls.length = 0;
});

describe('the balance adjustment dialog', () => {
  it('states the approval threshold from the server before a change is sent', async () => {
    threshold = 250_000;
    renderInConsole(<UserBalanceButton userId="u1" name="小明" />);
    fireEvent.click(screen.getByRole('button', { name: 'userBalance.button' }));
    expect(await screen.findByText('userBalance.threshold{"threshold":"2,500.00"}')).toBeTruthy();
    expect(screen.getByText('userBalance.current{"balance":"12.34"}')).toBeTruthy();
    expect(calls).toEqual([{ path: '/admin/users/u1/balance', method: undefined, body: undefined }]);
  });

  it('says the sent change waits, naming the same threshold', async () => {
    threshold = 100_000;
    renderInConsole(<UserBalanceButton userId="u1" name="小明" />);
    fireEvent.click(screen.getByRole('button', { name: 'userBalance.button' }));
    await screen.findByText('userBalance.threshold{"threshold":"1,000.00"}');
    fireEvent.change(screen.getByLabelText('userBalance.change'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('userBalance.reason'), { target: { value: '补偿' } });
    fireEvent.click(screen.getByRole('button', { name: 'userBalance.submit' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ path: '/admin/users/u1/balance', method: 'POST', body: { change: '1500', reason: '补偿' } }));
    expect(await screen.findByText('userBalance.pending{"threshold":"1,000.00"}')).toBeTruthy();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { AftersaleSettingsPage } from './aftersale-settings.tsx';

const calls: Array<{ path: string; options: { method?: string; body?: unknown } }> = [];
let stored = { applyDays: 7, sellerHandleDays: 7, buyerShipDays: 7, sellerReceiveDays: 7, reminderHours: 12 };

vi.mock('../lib/api.ts', () => ({
  api: async (path: string, options: { method?: string; body?: unknown; schema?: { parse: (v: unknown) => unknown } }) => {
    calls.push({ path, options });
    if (options.method === 'PUT') {
      stored = options.body as typeof stored;
      return undefined;
    }
    return options.schema ? options.schema.parse(stored) : stored;
  },
}));

beforeEach(() => {
  calls.length = 0;
});

describe('the after-sales periods', () => {
  it('shows the periods, refuses an empty one, and saves the changed ones', async () => {
    const { invalidated } = renderInConsole(<AftersaleSettingsPage />);
    const handle = (await screen.findByRole('spinbutton', { name: 'aftersaleSettings.sellerHandleDays' })) as HTMLInputElement;
    await waitFor(() => expect(handle.value).toBe('7'));
    fireEvent.change(handle, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'aftersaleSettings.save' }));
    await screen.findByText('aftersaleSettings.periodDays{"max":60}');
    expect(calls.some((c) => c.options.method === 'PUT')).toBe(false);

    fireEvent.change(handle, { target: { value: '3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'aftersaleSettings.reminderHours' }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'aftersaleSettings.save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.options.method === 'PUT')).toMatchObject({
        path: '/admin/aftersale-settings',
        options: { body: { applyDays: 7, sellerHandleDays: 3, buyerShipDays: 7, sellerReceiveDays: 7, reminderHours: 6 } },
      }),
    );
    await screen.findByText('aftersaleSettings.saved');
    expect(invalidated).toEqual(expect.arrayContaining([['aftersale-settings'], ['audit']]));
  });
});

// Renders a shared component as a console does: its query client, antd's App (message, modal) and
// the i18n context, with a translator that answers the key and its values, so a test reads which
// key a text came from.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type InvalidateQueryFilters } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { z } from 'zod';
import type { ConsoleApi } from '../console-api.ts';
import { I18nContext } from '../i18n-context.tsx';

export const keyText = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}${JSON.stringify(vars)}` : key);

/** A fake API: `answer(path, options)` gives the JSON; the options' schema parses it as the real client does. */
export function fakeApi(answer: (path: string, options: { method?: string; body?: unknown; query?: Record<string, unknown> }) => unknown) {
  return vi.fn(async (path: string, options: { method?: string; body?: unknown; query?: Record<string, unknown>; schema?: z.ZodTypeAny }) => {
    const json = answer(path, options);
    return options.schema ? options.schema.parse(json) : undefined;
  }) as unknown as ConsoleApi & ReturnType<typeof vi.fn>;
}

export function renderInConsole(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: unknown[] = [];
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters?: InvalidateQueryFilters) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters);
  }) as typeof client.invalidateQueries;
  const view = render(
    <QueryClientProvider client={client}>
      <I18nContext.Provider value={{ lang: 'zh', t: keyText, setLang: () => undefined }}>
        <AntApp>{ui}</AntApp>
      </I18nContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, client, invalidated };
}

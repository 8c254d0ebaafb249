import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '@bazaar/shared/console/api-client';
import { StateListPage } from './state-list-page.tsx';
import { fakeApi, renderInConsole } from './test/render.tsx';

const RowSchema = z.object({ dealId: z.number(), nameZh: z.string(), nameEn: z.string(), state: z.enum(['running', 'ended']) });
type Row = z.infer<typeof RowSchema>;
const page = (records: Row[]) => ({ records, total: 25, size: 10, current: 1, pages: 3 });

function renderList(api: ReturnType<typeof fakeApi>) {
  return renderInConsole(
    <StateListPage<Row>
      api={api}
      path="/merchant/deals"
      queryKey="deals"
      prefix="deals"
      titleId="deals-title"
      tabs={['all', 'running', 'ended']}
      rowSchema={RowSchema}
      endSchema={z.null()}
      rowKey="dealId"
      idOf={(row) => row.dealId}
      isOpen={(row) => row.state === 'running'}
      columns={(nameOf) => [{ title: 'name', render: (_v, row) => <span data-testid="name">{nameOf(row)}</span> }]}
      onOpen={() => undefined}
      onCreate={() => undefined}
    />,
  );
}

describe('the state list layout', () => {
  it('asks for the tab, the trimmed keyword and the page, back to page 1 on a new tab or search', async () => {
    const api = fakeApi(() => page([{ dealId: 1, nameZh: '满减', nameEn: '', state: 'running' }]));
    renderList(api);
    await screen.findByText('满减');
    expect(screen.getByText('deals.total{"total":25}')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/deals', expect.objectContaining({ query: { state: 'all', keyword: '', current: 2, size: 10 } })));
    fireEvent.click(screen.getByRole('tab', { name: 'deals.tabs.ended' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/deals', expect.objectContaining({ query: { state: 'ended', keyword: '', current: 1, size: 10 } })));
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.change(screen.getByRole('textbox', { name: 'deals.search' }), { target: { value: '  满减 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'deals.searchButton' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/deals', expect.objectContaining({ query: { state: 'ended', keyword: '满减', current: 1, size: 10 } })));
  });

  it("shows the API's own words when the list fails", async () => {
    renderList(
      fakeApi(() => {
        throw new ApiError(400, '关键词太长');
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('关键词太长');
  });

  it('falls back to the load failure text when the server gave none', async () => {
    renderList(
      fakeApi(() => {
        throw new ApiError(500, '');
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('app.loadFailed');
  });
});

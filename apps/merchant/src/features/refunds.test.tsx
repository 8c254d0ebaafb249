import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { MERCHANT_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { PermissionsContext } from '../lib/access.tsx';
import { refundPage, refundRow } from '../test/refunds.ts';
import { RefundsPage } from './refunds.tsx';

function renderQueue(role: keyof typeof MERCHANT_ROLE_PERMISSIONS, initialTab?: string) {
  const rows = [
    refundRow(),
    refundRow({ refundSn: '1900000000000000102', applyType: 2, returnMoneySts: 3, deadlineAction: 'receive', platformStatus: 1, refundType: 1, refundAmount: 25_800 }),
  ];
  const api = fakeApi(() => refundPage(rows));
  const opened: string[] = [];
  renderInConsole(
    <PermissionsContext.Provider value={MERCHANT_ROLE_PERMISSIONS[role]}>
      <RefundsPage api={api} initialTab={initialTab} onOpen={(sn) => opened.push(sn)} />
    </PermissionsContext.Provider>,
  );
  return { api, opened };
}

describe('the after-sales queue', () => {
  it('lists the requests with their counts by state, filters them, and opens one', async () => {
    const { api, opened } = renderQueue('service');
    await screen.findByText('1900000000000000101');
    expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: { tab: 'all', applyType: 0, keyword: undefined, current: 1, size: 10 } }));
    expect(screen.getByRole('tab', { name: 'refunds.count{"state":"refunds.tabs.toHandle","count":3}' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'refunds.count{"state":"refunds.tabs.toReceive","count":2}' })).toBeTruthy();
    expect(screen.getAllByText('refunds.reasons.2')).toHaveLength(2);
    expect(screen.getByText('¥258.00')).toBeTruthy();
    expect(screen.getByText('refunds.wholeOrder')).toBeTruthy();
    expect(screen.getByText('refunds.platformRequested')).toBeTruthy();
    expect(screen.getAllByText(/^refunds\.deadlineLeft/)).toHaveLength(2);

    fireEvent.click(screen.getByRole('tab', { name: /refunds\.tabs\.toHandle/ }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: expect.objectContaining({ tab: 'toHandle', current: 1 }) })));
    fireEvent.change(screen.getByRole('textbox', { name: 'refunds.filters.keyword' }), { target: { value: ' 19000000 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'refunds.filters.search' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: { tab: 'toHandle', applyType: 0, keyword: '19000000', current: 1, size: 10 } })));

    // The request days: typed into the range picker, sent as the mall's days.
    const [from, to] = screen.getAllByRole('textbox').filter((box) => /date/i.test(box.getAttribute('placeholder') ?? '')) as HTMLInputElement[];
    fireEvent.mouseDown(from!);
    fireEvent.focus(from!);
    fireEvent.change(from!, { target: { value: '2026-12-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.focus(to!);
    fireEvent.change(to!, { target: { value: '2026-12-03' } });
    fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: 'refunds.filters.search' }));
    await waitFor(() =>
      expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: expect.objectContaining({ keyword: '19000000', dateFrom: '2026-12-01', dateTo: '2026-12-03' }) })),
    );

    // Due ones say "handle": a new request, a returned parcel.
    fireEvent.click(screen.getByRole('button', { name: 'refunds.openOf{"action":"refunds.handle","refundSn":"1900000000000000102"}' }));
    expect(opened).toEqual(['1900000000000000102']);
  });

  it('shows the warehouse only the returns, those to receive first, without the service filter', async () => {
    const { api } = renderQueue('warehouse');
    await screen.findByText('1900000000000000101');
    expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: expect.objectContaining({ tab: 'toReceive', applyType: 2 }) }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'refunds.count{"state":"refunds.tabs.toReceive","count":2}',
      'refunds.count{"state":"refunds.tabs.refunding","count":0}',
      'refunds.count{"state":"refunds.tabs.success","count":5}',
    ]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(screen.getByRole('heading', { level: 2 }).parentElement!).getByText('refunds.receiveIntro')).toBeTruthy();
  });

  it('fits a 1280 px screen: every column has a width, they add up to the room beside the menu, and the actions stay in sight at the right', async () => {
    renderQueue('owner');
    await screen.findByText('1900000000000000101');
    // 1280 px less the menu (200), the page's padding (2 × 24) and a scrollbar (16).
    const room = 1280 - 200 - 48 - 16;
    const widths = [...document.querySelectorAll('.ant-table-content colgroup col')].map((col) => Number.parseFloat((col as HTMLElement).style.width));
    expect(widths).toHaveLength(screen.getAllByRole('columnheader').length);
    expect(widths.every((w) => w > 0)).toBe(true);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(room);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.at(-1)!.textContent).toBe('refunds.columns.actions');
    expect(headers.at(-1)!.className).toContain('ant-table-cell-fix-end');
    // Long texts are cut, their whole text in a tooltip: the buyer's nickname, the item's name.
    expect(screen.getAllByText('王小明')[0]!.className).toContain('ant-typography-ellipsis');
    expect(screen.getAllByText('紫砂茶壶')[0]!.className).toContain('ant-typography-ellipsis');
  });

  it("opens on the dashboard's tab", async () => {
    const { api } = renderQueue('owner', 'toHandle');
    await screen.findByText('1900000000000000101');
    expect(api).toHaveBeenLastCalledWith('/merchant/refunds', expect.objectContaining({ query: expect.objectContaining({ tab: 'toHandle' }) }));
  });
});

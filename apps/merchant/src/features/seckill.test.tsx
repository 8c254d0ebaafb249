import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import type { SeckillRow, SeckillRowDetail } from '@bazaar/shared/schemas/seckill';
import { SeckillDetailPage, SeckillsPage } from './seckill.tsx';
import { SeckillCreatePage, seckillBody, sessionWindow } from './seckill-create.tsx';

const counts = (over: Partial<SeckillRow['counts']> = {}) => ({ seckillId: 7, totalStocks: 10, stocksLeft: 6, soldNum: 4, unpaidNum: 1, paidNum: 3, cancelledNum: 1, queuedNum: 0, ...over });
const row = (over: Partial<SeckillRow> = {}): SeckillRow => ({
  seckillId: 7,
  shopId: 1,
  shopName: '茶具小店',
  nameZh: '整点秒杀',
  nameEn: 'Hourly deal',
  prodId: 3,
  prodName: '青花茶杯',
  pic: '/uploads/seed/cup.svg',
  startTime: '2026-12-06 10:00:00',
  endTime: '2026-12-06 12:00:00',
  listState: 'running',
  status: 1,
  auditStatus: 1,
  auditReason: null,
  offlineReason: null,
  maxNum: 2,
  maxCancelTime: 15,
  minSeckillPrice: 1_990,
  counts: counts(),
  createdAt: '2026-12-05 09:00:00',
  ...over,
});
const page = (records: SeckillRow[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const detail = (over: Partial<SeckillRowDetail> = {}): SeckillRowDetail => ({
  ...row(),
  skus: [{ seckillSkuId: 70, skuId: 30, skuName: '白色', price: 5_900, seckillPrice: 1_990, totalStocks: 10, seckillStocks: 6 }],
  ...over,
});

describe('the flash-sale list', () => {
  it('shows each activity with its price, limit, sales and state, and a rejected one with its reason', async () => {
    const api = fakeApi(() => page([row(), row({ seckillId: 8, listState: 'rejected', auditStatus: -1, auditReason: '价格过高', maxNum: -1, counts: counts({ seckillId: 8 }) })]));
    renderInConsole(<SeckillsPage api={api} onOpen={() => undefined} onCreate={() => undefined} />);
    expect(await screen.findAllByText('整点秒杀')).toHaveLength(2);
    expect(screen.getAllByText('seckill.priceFrom{"price":"¥19.90"}')).toHaveLength(2);
    expect(screen.getByText('seckill.limitPieces{"n":2}')).toBeTruthy();
    expect(screen.getByText('seckill.unlimited')).toBeTruthy();
    expect(screen.getByTestId('seckill-counts-7').textContent).toContain('seckill.counts{"sold":4,"paid":3,"cancelled":1}');
    expect(screen.getByTestId('seckill-counts-7').textContent).toContain('seckill.stock{"left":6,"total":10}');
    expect(screen.getByText('seckill.rejectedReason{"reason":"价格过高"}')).toBeTruthy();
    // Only an activity that can still sell may be ended.
    expect(screen.getAllByRole('button', { name: /seckill.end/ })).toHaveLength(1);
    expect(api).toHaveBeenLastCalledWith('/merchant/seckills', expect.objectContaining({ query: { state: undefined, prodName: undefined, current: 1, size: 10 } }));

    fireEvent.click(screen.getByRole('tab', { name: 'seckill.tabs.pending' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/seckills', expect.objectContaining({ query: { state: 'pending', prodName: undefined, current: 1, size: 10 } })));
    fireEvent.change(screen.getByRole('textbox', { name: 'seckill.search' }), { target: { value: ' 茶杯 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'seckill.searchButton' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/seckills', expect.objectContaining({ query: { state: 'pending', prodName: '茶杯', current: 1, size: 10 } })));
  });

  it('ends a running activity after a confirmation and reads the list again', async () => {
    const api = fakeApi((path) => (path === '/merchant/seckills' ? page([row()]) : undefined));
    const { invalidated } = renderInConsole(<SeckillsPage api={api} onOpen={() => undefined} onCreate={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'seckill.actionOn{"action":"seckill.end","name":"整点秒杀"}' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('seckill.endConfirm{"name":"整点秒杀"}').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'seckill.endOk' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/seckills/7/end', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(invalidated).toContainEqual(['seckills']));
  });
});

describe('one flash sale', () => {
  it('shows its SKUs and reads its counts again while it runs', async () => {
    let sold = 4;
    const api = fakeApi((path) => (path === '/merchant/seckills/7' ? detail() : counts({ soldNum: sold })));
    renderInConsole(<SeckillDetailPage api={api} seckillId={7} onBack={() => undefined} />);
    expect(await screen.findByText('白色')).toBeTruthy();
    expect(screen.getByText('¥19.90')).toBeTruthy();
    expect(screen.getByTestId('seckill-state').textContent).toBe('seckill.state.running');
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/seckills/7/counts', expect.anything()));
    sold = 5;
    await waitFor(() => expect(within(screen.getByTestId('seckill-live-counts')).getByText('seckill.detail.pieces{"n":5}')).toBeTruthy(), { timeout: 8_000 });
  }, 12_000);

  it('does not poll an ended one and offers no end button', async () => {
    const api = fakeApi(() => detail({ listState: 'ended', status: 0 }));
    renderInConsole(<SeckillDetailPage api={api} seckillId={7} onBack={() => undefined} />);
    expect(await screen.findByText('白色')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'seckill.end' })).toBeNull();
    expect(api).not.toHaveBeenCalledWith('/merchant/seckills/7/counts', expect.anything());
  });

  it("says when the activity is not the shop's", async () => {
    const { ApiError } = await import('@bazaar/shared/console/api-client');
    const api = fakeApi(() => {
      throw new ApiError(400, '秒杀活动不存在');
    });
    renderInConsole(<SeckillDetailPage api={api} seckillId={9} onBack={() => undefined} />);
    expect(await screen.findByText('秒杀活动不存在')).toBeTruthy();
  });
});

describe('creating a flash sale', () => {
  it('turns a session of a day into its window', () => {
    const { start, end } = sessionWindow(dayjs('2026-12-07 08:30:00'), '20:00', 120);
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-07 20:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-12-07 22:00:00');
  });

  it('sends the ticked options in fen, the window and the limits', () => {
    const lines = new Map([
      [30, { include: true, price: 19.9, stocks: 5 }],
      [31, { include: false, price: 9, stocks: 2 }],
    ]);
    const values = { nameZh: '整点秒杀', nameEn: '', prodId: 3, mode: 'session' as const, day: null, session: null, start: null, end: null, unlimited: true, maxNum: 3, maxCancelTime: 20 };
    const window = sessionWindow(dayjs('2026-12-07'), '10:00', 60);
    expect(seckillBody(values, lines, window)).toEqual({
      nameZh: '整点秒杀',
      nameEn: null,
      prodId: 3,
      startTime: '2026-12-07 10:00:00',
      endTime: '2026-12-07 11:00:00',
      maxNum: -1,
      maxCancelTime: 20,
      skus: [{ skuId: 30, seckillPrice: 1_990, seckillStocks: 5 }],
    });
    expect(seckillBody({ ...values, unlimited: false }, lines, { start: null, end: null })).toMatchObject({ maxNum: 3, startTime: '', endTime: '' });
  });

  it('asks for the product before sending anything', async () => {
    const api = fakeApi((path) => {
      if (path === '/merchant/seckill/sessions') return { sessions: [{ startTime: '10:00', durationMinutes: 120 }] };
      if (path === '/merchant/product/page') return { records: [], total: 0, size: 20, current: 1, pages: 0 };
      return undefined;
    });
    renderInConsole(<SeckillCreatePage api={api} onDone={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'seckill.form.nameZh' }), { target: { value: '整点秒杀' } });
    fireEvent.click(screen.getByRole('button', { name: 'seckill.form.submit' }));
    // The product is required by the form itself before anything is sent.
    expect(await screen.findByText('seckill.form.required{"field":"seckill.form.product"}')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/merchant/seckills', expect.objectContaining({ method: 'POST' }));
  });
});

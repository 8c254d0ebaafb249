import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_STATE } from '@bazaar/shared/constants/order-status';
import { loadEnv } from '../../env.ts';
import { createCourierProvider } from './create-courier-provider.ts';
import { buildQueryForm, createKuaidi100Courier, kuaidi100Sign, mapKuaidi100State } from './kuaidi100-courier.ts';
import { createSandboxCourier, isFaultyWaybill, planRoute, routeAt } from './sandbox-courier.ts';
import type { TrackRequest } from './courier-provider.ts';
import { romanize, traceText } from './trace-text.ts';

const HOUR = 3_600_000;
const shippedAt = new Date('2026-03-01T10:00:00+08:00');
const request = (waybill: string): TrackRequest => ({ companyCode: 'SF', companyName: '顺丰速运', waybill, shippedAt, fromCity: '景德镇市', toCity: '杭州市', toArea: '西湖区', phone: '13912345678' });

describe('courier sandbox', () => {
  it('plans the same route for the same waybill, from the shop city to the buyer city', () => {
    const a = planRoute(request('SF1000000001'), HOUR);
    expect(planRoute(request('SF1000000001'), HOUR)).toEqual(a);
    expect(a[0]).toMatchObject({ state: LOGISTICS_STATE.received, time: new Date(shippedAt.getTime() + HOUR) });
    expect(a[0]!.station).toMatch(/^【景德镇市】顺丰速运 已收取快件/);
    expect(a.some((e) => e.station.includes('快件已由【景德镇转运中心】发出'))).toBe(true);
    expect(a.every((e, i) => e.time.getTime() === shippedAt.getTime() + (i + 1) * HOUR)).toBe(true);
  });

  it('sends about 1 in 10 waybills to faulty package, the rest to signed', () => {
    let faulty = 0;
    for (let n = 0; n < 2000; n++) {
      const waybill = `YT${String(n).padStart(10, '0')}`;
      const route = planRoute(request(waybill), HOUR);
      const last = route.at(-1)!;
      expect(last.state).toBe(isFaultyWaybill(waybill) ? LOGISTICS_STATE.faulty : LOGISTICS_STATE.signed);
      if (last.state === LOGISTICS_STATE.signed) {
        expect(route.map((e) => e.state)).toEqual(expect.arrayContaining([1, 2, 201, 3]));
        expect(last.station).toMatch(/^【杭州市】您的快件已签收/);
      }
      if (isFaultyWaybill(waybill)) faulty += 1;
    }
    expect(faulty / 2000).toBeGreaterThan(0.07);
    expect(faulty / 2000).toBeLessThan(0.13);
  });

  it('shows the scans up to now and when the next one comes', async () => {
    const courier = createSandboxCourier(2 * HOUR);
    const r = request('SF2000000002');
    expect(await courier.subscribe(r, shippedAt)).toEqual({ firstCheckAt: new Date(shippedAt.getTime() + 2 * HOUR) });
    const before = await courier.track(r, new Date(shippedAt.getTime() + HOUR));
    expect(before).toEqual({ state: LOGISTICS_STATE.none, events: [], nextCheckAt: new Date(shippedAt.getTime() + 2 * HOUR) });
    const two = await courier.track(r, new Date(shippedAt.getTime() + 5 * HOUR));
    expect(two.events).toHaveLength(2);
    expect(two.nextCheckAt).toEqual(new Date(shippedAt.getTime() + 6 * HOUR));
    const route = planRoute(r, 2 * HOUR);
    expect(routeAt(route, new Date(shippedAt.getTime() + 100 * HOUR))).toMatchObject({ state: route.at(-1)!.state, nextCheckAt: null });
    // A step length fixed at shipment wins over the default.
    expect((await courier.track({ ...r, stepMs: HOUR }, new Date(shippedAt.getTime() + 5 * HOUR))).events).toHaveLength(5);
  });
});

describe('Kuaidi100 adapter', () => {
  const options = { customer: 'CUSTOMER01', key: 'secretKey' };
  let server: ReturnType<typeof createServer>;
  let endpoint: string;
  let answer: (param: Record<string, string>) => { status: number; body: unknown };
  const received: Array<Record<string, string>> = [];

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => resolve(text));
    });
  }

  beforeAll(async () => {
    // A local stand-in for poll.kuaidi100.com that checks the signature as Kuaidi100 does.
    server = createServer(async (req, res) => {
      const form = new URLSearchParams(await readBody(req));
      const fields = Object.fromEntries(form);
      received.push({ ...fields, contentType: req.headers['content-type'] ?? '', method: req.method ?? '' });
      const expected = kuaidi100Sign(fields.param ?? '', options.key, fields.customer ?? '');
      const reply = fields.sign !== expected ? { status: 200, body: { result: false, returnCode: '601', message: 'sign error' } } : answer(JSON.parse(fields.param ?? '{}'));
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/poll/query.do`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs upper(md5(param + key + customer)) over the exact param text', () => {
    // md5('{"com":"yuantong","num":"YT1"}kc'), computed independently.
    expect(kuaidi100Sign('{"com":"yuantong","num":"YT1"}', 'k', 'c')).toBe('F295E842A7D1AE91612C9EB4C2D6C686');
    const form = buildQueryForm(options, request('SF3000000003'));
    const param = JSON.parse(form.get('param')!);
    expect(param).toMatchObject({ com: 'shunfeng', num: 'SF3000000003', phone: '13912345678', resultv2: '1' });
    expect(form.get('customer')).toBe('CUSTOMER01');
    expect(form.get('sign')).toMatch(/^[0-9A-F]{32}$/);
    expect(form.get('sign')).not.toBe(kuaidi100Sign(form.get('param')!, 'otherKey', 'CUSTOMER01'));
  });

  it('queries the fake server and maps scans, states and times', async () => {
    answer = (param) => ({
      status: 200,
      body: {
        message: 'ok',
        status: '200',
        state: '5',
        ischeck: '0',
        com: param.com,
        nu: param.num,
        data: [
          { time: '2026-03-02 09:00:00', context: '【杭州市】快件已到达【杭州西湖营业部】，派件员正在派送', status: '派件' },
          { time: '2026-03-01 12:00:00', context: '【景德镇市】顺丰速运 已收取快件', status: '揽收' },
          { time: '2026-03-01 20:00:00', context: '【景德镇市】快件已由【景德镇转运中心】发出', status: '在途' },
        ],
      },
    });
    const courier = createKuaidi100Courier({ ...options, endpoint, pollMs: 2 * HOUR });
    const now = new Date('2026-03-02T10:00:00+08:00');
    const result = await courier.track(request('SF3000000003'), now);
    expect(received.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded', customer: 'CUSTOMER01' });
    expect(result.state).toBe(LOGISTICS_STATE.reachedCity);
    expect(result.events.map((e) => e.state)).toEqual([LOGISTICS_STATE.received, LOGISTICS_STATE.inTransit, LOGISTICS_STATE.reachedCity]);
    expect(result.events[0]!.time).toEqual(new Date('2026-03-01T04:00:00Z'));
    expect(result.nextCheckAt).toEqual(new Date(now.getTime() + 2 * HOUR));

    answer = () => ({ status: 200, body: { message: 'ok', state: '3', ischeck: '1', data: [{ time: '2026-03-03 10:00:00', context: '已签收，签收人：本人', status: '签收' }] } });
    const signed = await courier.track(request('SF3000000003'), now);
    expect(signed).toMatchObject({ state: LOGISTICS_STATE.signed, nextCheckAt: null });
  });

  it('waits on "no result yet" and fails loudly on a bad signature', async () => {
    answer = () => ({ status: 200, body: { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' } });
    const courier = createKuaidi100Courier({ ...options, endpoint, pollMs: HOUR });
    const now = new Date();
    expect(await courier.track(request('SF4000000004'), now)).toEqual({ state: 0, events: [], nextCheckAt: new Date(now.getTime() + HOUR) });
    const forged = createKuaidi100Courier({ ...options, key: 'wrong', endpoint, pollMs: HOUR });
    await expect(forged.track(request('SF4000000004'), now)).rejects.toThrow('Kuaidi100 query failed: 601 sign error');
  });

  it('maps Kuaidi100 states', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '7', '8', '14'].map(mapKuaidi100State)).toEqual([2, 1, 4, 3, 4, 201, 4, 2, 2, 4]);
  });

  it('is chosen only when customer and key are set', () => {
    expect(createCourierProvider(loadEnv({ NODE_ENV: 'test' })).isSandbox).toBe(true);
    expect(createCourierProvider(loadEnv({ NODE_ENV: 'test', KUAIDI100_CUSTOMER: 'c' })).isSandbox).toBe(true);
    expect(createCourierProvider(loadEnv({ NODE_ENV: 'test', KUAIDI100_CUSTOMER: 'c', KUAIDI100_KEY: 'k' })).name).toBe('kuaidi100');
  });
});

describe('courier sandbox texts', () => {
  it('stores each scan as a message whose Chinese text is the stored one and whose English text has no Chinese', () => {
    for (const waybill of ['SF1000000001', 'SF1000000002', 'SF1000000003', 'SF1000000010']) {
      for (const event of planRoute(request(waybill), HOUR)) {
        expect(event.message).toBeDefined();
        expect(traceText(event.message!, 'zh')).toBe(event.station);
        expect(traceText(event.message!, 'en', 'SF Express')).not.toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it('reads the route in English with romanized places and the courier company in English', () => {
    const route = planRoute(request('SF1000000001'), HOUR);
    const english = route.map((e) => traceText(e.message!, 'en', 'SF Express'));
    expect(english[0]).toMatch(/^\[Jingdezhen\] Picked up by SF Express; courier: Mr [A-Z][a-z]+$/);
    expect(english[1]).toBe('[Jingdezhen] Arrived at the Jingdezhen transit center');
    expect(english.at(-2)).toMatch(/^\[Hangzhou\] At the Hangzhou Xihu District branch, out for delivery with Mr [A-Z][a-z]+ \(phone 1\d{10}\)$/);
    expect(english.at(-1)).toBe('[Hangzhou] Delivered and signed for by the recipient. Thank you for choosing SF Express');
  });

  it('romanizes place names', () => {
    expect(romanize('杭州市')).toBe('Hangzhou');
    expect(romanize('重庆')).toBe('Chongqing');
    expect(romanize('西湖区')).toBe('Xihu District');
    expect(romanize('长沙')).toBe('Changsha');
    expect(romanize('Paris')).toBe('Paris');
  });
});

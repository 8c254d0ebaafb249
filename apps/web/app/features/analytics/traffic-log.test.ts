import { describe, expect, it } from 'vitest';
import { ANALYTICS_SESSION_TIMEOUT_MS } from '@bazaar/shared/constants/limits';
import { FlowAnalysisLogSchema } from '@bazaar/shared/schemas/site';
import { advanceSession, deviceId, newFlowId, orderCreatedView, pageViewFor, readFlowSession, recordPageView, type KeyValueStorage } from './traffic-log.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function ids() {
  let n = 0;
  return () => `id-${String(++n).padStart(6, '0')}`;
}

describe('pageViewFor', () => {
  it.each([
    ['/', '', { pageId: 1, pageName: 'index' }],
    ['/detail/42', '', { pageId: 3, pageName: 'detail-42', bizType: 0, bizData: '42' }],
    ['/detail/42', '?bannerEnter=1', { pageId: 2, pageName: 'detail-42', bizType: 0, bizData: '42' }],
    ['/detail/42', '?groupActivityId=7', { pageId: 5, pageName: 'detail-42', bizType: 1, bizData: '42' }],
    ['/detail', '?prodId=9', { pageId: 3, pageName: 'detail-9', bizType: 0, bizData: '9' }],
    ['/secdetail/5', '', { pageId: 4, pageName: 'secdetail-5', bizType: 2, bizData: '5' }],
    ['/secdetail', '?seckillId=8', { pageId: 4, pageName: 'secdetail-8', bizType: 2, bizData: '8' }],
    ['/list', '?pn=tea&st=0', { pageId: 6, pageName: 'list' }],
    ['/special-discount', '', { pageId: 7, pageName: 'special-discount' }],
    ['/cart', '', { pageId: 8, pageName: 'cart' }],
    ['/order-detail', '?orderNumber=1', { pageId: 9, pageName: 'order-detail' }],
    ['/payment', '', { pageId: 10, pageName: 'payment' }],
    ['/user-center', '', { pageId: 12, pageName: 'user-center' }],
    ['/user-center/', '', { pageId: 12, pageName: 'user-center' }],
    ['/user-center/uc-order', '', { pageId: 13, pageName: 'user-center-uc-order' }],
  ])('%s%s is logged', (path, search, expected) => {
    expect(pageViewFor(path, search)).toEqual(expected);
  });

  it.each([['/notice-list'], ['/login'], ['/detail'], ['/secdetail/confirm-order'], ['/secdetail'], ['/flash-sale'], ['/user-center/uc-account'], ['/termsPage'], ['/shopIndex']])(
    '%s is not logged',
    (path) => {
      expect(pageViewFor(path, '')).toBeNull();
    },
  );
});

describe('advanceSession', () => {
  const t0 = 1_800_000_000_000;

  it('starts a session at step 1 with no previous page', () => {
    expect(advanceSession(null, 1, t0, () => 'new-session')).toEqual({
      session: { uuidSession: 'new-session', sessionTimeStamp: t0, step: 1, lastPageId: 1 },
      prevPageId: null,
    });
  });

  it('keeps the session within 30 minutes, increments step and reports the previous page', () => {
    const first = advanceSession(null, 1, t0, () => 's1').session;
    const second = advanceSession(first, 6, t0 + ANALYTICS_SESSION_TIMEOUT_MS, () => 's2');
    expect(second).toEqual({ session: { uuidSession: 's1', sessionTimeStamp: t0 + ANALYTICS_SESSION_TIMEOUT_MS, step: 2, lastPageId: 6 }, prevPageId: 1 });
  });

  it('measures inactivity from the last page view, not from the session start', () => {
    let session = advanceSession(null, 1, t0, () => 's1').session;
    for (let i = 1; i <= 4; i++) session = advanceSession(session, 6, t0 + i * 20 * 60_000, () => 'other').session;
    expect(session.uuidSession).toBe('s1');
    expect(session.step).toBe(5);
  });

  it('renews the session id and resets step after more than 30 minutes of inactivity', () => {
    const first = advanceSession(null, 1, t0, () => 's1').session;
    const later = advanceSession({ ...first, step: 9 }, 3, t0 + ANALYTICS_SESSION_TIMEOUT_MS + 1, () => 's2');
    expect(later).toEqual({ session: { uuidSession: 's2', sessionTimeStamp: t0 + ANALYTICS_SESSION_TIMEOUT_MS + 1, step: 1, lastPageId: 3 }, prevPageId: null });
  });
});

describe('recordPageView', () => {
  it('keeps a permanent uuid and moves step and prevPageId through storage', () => {
    const storage = memoryStorage();
    const newId = ids();
    const t0 = 1_800_000_000_000;
    const a = recordPageView(storage, { pageId: 1, pageName: 'index' }, { now: t0, userId: null, newId });
    const b = recordPageView(storage, { pageId: 3, pageName: 'detail-42', bizType: 0, bizData: '42' }, { now: t0 + 1_000, userId: 'u1', newId });
    expect(a).toMatchObject({ pageId: 1, step: 1, prevPageId: null, visitType: 1, systemType: 1, userId: null, bizType: null, bizData: null });
    expect(b).toMatchObject({ pageId: 3, step: 2, prevPageId: 1, userId: 'u1', bizType: 0, bizData: '42' });
    expect(b.uuid).toBe(a.uuid);
    expect(b.uuidSession).toBe(a.uuidSession);
    expect(storage.data.get('step')).toBe('2');
    expect(readFlowSession(storage)).toEqual({ uuidSession: a.uuidSession, sessionTimeStamp: t0 + 1_000, step: 2, lastPageId: 3 });
    // Every record passes the API's schema.
    expect(FlowAnalysisLogSchema.safeParse(a).success).toBe(true);
    expect(FlowAnalysisLogSchema.safeParse(b).success).toBe(true);

    const c = recordPageView(storage, { pageId: 6, pageName: 'list' }, { now: t0 + 1_000 + ANALYTICS_SESSION_TIMEOUT_MS + 1, userId: 'u1', newId });
    expect(c.uuid).toBe(a.uuid);
    expect(c.uuidSession).not.toBe(a.uuidSession);
    expect(c).toMatchObject({ step: 1, prevPageId: null });
  });

  it('treats broken stored values as no session', () => {
    const storage = memoryStorage();
    storage.setItem('uuidSession', 'abcdefgh');
    storage.setItem('sessionTimeStamp', 'not a number');
    storage.setItem('step', '3');
    expect(readFlowSession(storage)).toBeNull();
  });

  it('creates the device id once', () => {
    const storage = memoryStorage();
    const first = deviceId(storage, newFlowId);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId(storage, newFlowId)).toBe(first);
  });
});

describe('the order-created record', () => {
  it('is page id 11 with the order numbers and item count, a step of the session between the product and the payment', () => {
    const storage = memoryStorage();
    const newId = ids();
    const t0 = 1_800_000_000_000;
    const product = recordPageView(storage, pageViewFor('/detail/4', '')!, { now: t0, userId: 'u1', newId });
    const created = recordPageView(storage, orderCreatedView('1001,1002', 3), { now: t0 + 5_000, userId: 'u1', newId });
    const payment = recordPageView(storage, pageViewFor('/payment', '?orderNumbers=1001,1002')!, { now: t0 + 6_000, userId: 'u1', newId });
    expect(created).toMatchObject({ pageId: 11, orderNumbers: '1001,1002', nums: 3, step: 2, prevPageId: 3, uuidSession: product.uuidSession, userId: 'u1', visitType: 1, systemType: 1 });
    expect(FlowAnalysisLogSchema.safeParse(created).success).toBe(true);
    expect(payment).toMatchObject({ pageId: 10, step: 3, prevPageId: 11 });
    expect(payment).not.toHaveProperty('orderNumbers');
  });

  it('carries the bizType of a group or flash-sale order', () => {
    expect(orderCreatedView('9', 1, 2)).toMatchObject({ pageId: 11, bizType: 2, orderNumbers: '9', nums: 1 });
    expect(orderCreatedView('9', 2)).not.toHaveProperty('bizType');
  });
});

// The traffic log (sections 3, 4 and 7): one page-view record per route change, sent in the
// background. The session id is renewed, and step reset, after 30 minutes without a page view.
import { ANALYTICS_SESSION_TIMEOUT_MS, type Language } from '@bazaar/shared/constants/limits';
import { BIZ_TYPES, PAGE_IDS, SYSTEM_TYPE_PC, VISIT_TYPE_PAGE_VIEW } from '@bazaar/shared/constants/page-ids';
import type { FlowAnalysisLog } from '@bazaar/shared/schemas/site';

export interface PageView {
  pageId: number;
  /** Section 3's page name (index, detail-{prodId}, ...): identifies the page, not sent. */
  pageName: string;
  bizType?: number;
  bizData?: string;
  /** The order-created record (page id 11): the orders' numbers ("n1,n2") and how many items they hold. */
  orderNumbers?: string;
  nums?: number;
}

/**
 * The order-created record (section 3, page id 11), sent once an order is submitted: it carries the
 * order numbers and the number of items (nums); a group or flash-sale order its bizType too.
 */
export function orderCreatedView(orderNumbers: string, nums: number, bizType?: number): PageView {
  return { pageId: PAGE_IDS.orderCreated, pageName: 'order-created', orderNumbers, nums, ...(bizType === undefined ? {} : { bizType }) };
}

/** The logged page for a path (without language prefix) and query; null for pages not logged. */
export function pageViewFor(pathname: string, search: string): PageView | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const query = new URLSearchParams(search);
  const segments = path.split('/').filter(Boolean);
  const [first, second] = segments;

  if (segments.length === 0) return { pageId: PAGE_IDS.index, pageName: 'index' };
  if (first === 'detail' && segments.length <= 2) {
    const prodId = second ?? query.get('prodId');
    if (!prodId) return null;
    const base = { pageName: `detail-${prodId}`, bizData: prodId };
    if (query.has('groupActivityId')) return { ...base, pageId: PAGE_IDS.groupProduct, bizType: BIZ_TYPES.group };
    if (query.has('bannerEnter')) return { ...base, pageId: PAGE_IDS.productViaBanner, bizType: BIZ_TYPES.product };
    return { ...base, pageId: PAGE_IDS.product, bizType: BIZ_TYPES.product };
  }
  if (first === 'secdetail' && segments.length <= 2 && second !== 'confirm-order') {
    // The seckill page (page id 4, bizType 2), by path or by the optional ?seckillId= (as /detail's prodId).
    const seckillId = second ?? query.get('seckillId');
    if (!seckillId) return null;
    return { pageId: PAGE_IDS.seckill, pageName: `secdetail-${seckillId}`, bizType: BIZ_TYPES.seckill, bizData: seckillId };
  }
  if (segments.length === 1) {
    const single: Record<string, number> = {
      list: PAGE_IDS.list,
      'special-discount': PAGE_IDS.specialDiscount,
      cart: PAGE_IDS.cart,
      'order-detail': PAGE_IDS.orderDetail,
      payment: PAGE_IDS.payment,
      'user-center': PAGE_IDS.userCenter,
    };
    const pageId = single[first!];
    return pageId ? { pageId, pageName: first! } : null;
  }
  if (path === '/user-center/uc-order') return { pageId: PAGE_IDS.userOrders, pageName: 'user-center-uc-order' };
  return null;
}

/** What is kept between page views (localStorage keys of section 3). */
export interface FlowSession {
  uuidSession: string;
  sessionTimeStamp: number;
  step: number;
  /** The page id of the previous record of this session. */
  lastPageId: number | null;
}

/** The session a new page view at `now` belongs to, and its step and previous page. */
export function advanceSession(previous: FlowSession | null, pageId: number, now: number, newId: () => string): { session: FlowSession; prevPageId: number | null } {
  const expired = !previous || now - previous.sessionTimeStamp > ANALYTICS_SESSION_TIMEOUT_MS || now < previous.sessionTimeStamp - ANALYTICS_SESSION_TIMEOUT_MS;
  if (expired) return { session: { uuidSession: newId(), sessionTimeStamp: now, step: 1, lastPageId: pageId }, prevPageId: null };
  return {
    session: { uuidSession: previous.uuidSession, sessionTimeStamp: now, step: previous.step + 1, lastPageId: pageId },
    prevPageId: previous.lastPageId,
  };
}

/** A random 32-hex id; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newFlowId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEYS = { uuid: 'uuid', uuidSession: 'uuidSession', step: 'step', sessionTimeStamp: 'sessionTimeStamp', last: 'flowAnalysisLogDto' } as const;

export function readFlowSession(storage: KeyValueStorage): FlowSession | null {
  const uuidSession = storage.getItem(KEYS.uuidSession);
  const sessionTimeStamp = Number(storage.getItem(KEYS.sessionTimeStamp));
  const step = Number(storage.getItem(KEYS.step));
  if (!uuidSession || !Number.isFinite(sessionTimeStamp) || !Number.isInteger(step) || step < 0) return null;
  let lastPageId: number | null = null;
  try {
    const last = JSON.parse(storage.getItem(KEYS.last) ?? 'null') as { pageId?: unknown } | null;
    if (typeof last?.pageId === 'number') lastPageId = last.pageId;
  } catch {
    lastPageId = null;
  }
  return { uuidSession, sessionTimeStamp, step, lastPageId };
}

/** The permanent device id, created on first use. */
export function deviceId(storage: KeyValueStorage, newId: () => string): string {
  const existing = storage.getItem(KEYS.uuid);
  if (existing && existing.length >= 8) return existing;
  const id = newId();
  storage.setItem(KEYS.uuid, id);
  return id;
}

/** Builds the record of one page view and moves the stored session on. */
export function recordPageView(
  storage: KeyValueStorage,
  page: PageView,
  options: { now: number; userId: string | null; newId: () => string },
): FlowAnalysisLog {
  const uuid = deviceId(storage, options.newId);
  const { session, prevPageId } = advanceSession(readFlowSession(storage), page.pageId, options.now, options.newId);
  const record: FlowAnalysisLog = {
    pageId: page.pageId,
    bizType: page.bizType ?? null,
    bizData: page.bizData ?? null,
    ...(page.orderNumbers === undefined ? {} : { orderNumbers: page.orderNumbers, nums: page.nums ?? null }),
    visitType: VISIT_TYPE_PAGE_VIEW,
    step: session.step,
    systemType: SYSTEM_TYPE_PC,
    uuid,
    uuidSession: session.uuidSession,
    userId: options.userId,
    prevPageId,
  };
  storage.setItem(KEYS.uuidSession, session.uuidSession);
  storage.setItem(KEYS.sessionTimeStamp, String(session.sessionTimeStamp));
  storage.setItem(KEYS.step, String(session.step));
  storage.setItem(KEYS.last, JSON.stringify(record));
  return record;
}

/**
 * Sends in the background. /p/ needs the Authorization header, which sendBeacon cannot set,
 * so this is a keepalive fetch; the answer is not used and failures are ignored.
 */
export function sendPageView(record: FlowAnalysisLog, token: string | null, lang: Language): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': lang };
  if (token) headers.Authorization = token;
  void fetch(`/api${token ? '/p' : ''}/flowAnalysisLog`, { method: 'POST', headers, body: JSON.stringify(record), keepalive: true }).catch(
    () => undefined,
  );
}

// /flash-sale's tabs list every flash sale running or to come (decision 064's amendment): a sale
// begun yesterday and still running, and one at a custom time off the session grid. Injected
// clock, moved to a day far ahead so no other file's sales are live then; default sessions 10/14/20.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SeckillSessionsResultSchema } from '@bazaar/shared/schemas/seckill';
import { createSeckill, expectStatus } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Moves the clock to 08:00 Beijing time `days` days ahead; answers that moment. */
function atEightBeijing(days: number): number {
  const ahead = t.ctx.now().getTime() + days * DAY;
  const midnight = Math.floor((ahead + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  const eight = midnight + 8 * HOUR;
  t.advanceClock(eight - t.ctx.now().getTime());
  return eight;
}

async function sessions() {
  const res = await t.app.inject({ method: 'GET', url: '/seckill/sessions' });
  expectStatus(res, 200);
  return SeckillSessionsResultSchema.parse(res.json()).sessions;
}

async function tab(sessionKey: string) {
  const res = await t.app.inject({ method: 'GET', url: `/seckill/sessionProds?session=${sessionKey}&size=100`, headers: { 'accept-language': 'en' } });
  expectStatus(res, 200);
  return (res.json() as { records: Array<{ seckillId: number; state: number }> }).records;
}

describe('GET /seckill/sessions and /seckill/sessionProds', () => {
  it("lists yesterday's 20:00 sale still running at 08:00 on yesterday's 20:00 tab", async () => {
    const eight = atEightBeijing(400);
    const now = t.ctx.now().getTime();
    const sk = await createSeckill(t, { startInMs: eight - 12 * HOUR - now, endInMs: eight + 2 * DAY - now });
    const listed = await sessions();
    expect(listed.map((s) => s.label)).toEqual([expect.stringMatching(/^\d\d-\d\d 20:00$/), '10:00', '14:00', '20:00', '10:00']);
    const first = listed[0]!;
    expect(first.startTime).toBe(new Date(eight - 12 * HOUR + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' '));
    expect(await tab(first.sessionKey)).toEqual([expect.objectContaining({ seckillId: sk.seckillId, state: 2 })]);
    // Not on today's tabs.
    expect((await tab(listed[1]!.sessionKey)).map((c) => c.seckillId)).not.toContain(sk.seckillId);
  });

  it('lists a custom-time sale before it starts and while it runs, and one between sessions on the earlier tab', async () => {
    const eight = atEightBeijing(420);
    const now = t.ctx.now().getTime();
    const early = await createSeckill(t, { startInMs: eight + 25 * 60_000 - now, endInMs: eight + HOUR - now });
    const midday = await createSeckill(t, { startInMs: eight + 4.5 * HOUR - now, endInMs: eight + 5 * HOUR - now });
    const listed = await sessions();
    expect(listed.map((s) => s.label)).toEqual([expect.stringMatching(/^\d\d-\d\d 20:00$/), '10:00', '14:00', '20:00', '10:00']);
    expect(await tab(listed[0]!.sessionKey)).toEqual([expect.objectContaining({ seckillId: early.seckillId, state: 1 })]);
    expect((await tab(listed[1]!.sessionKey)).map((c) => c.seckillId)).toEqual([midday.seckillId]);

    t.advanceClock(30 * 60_000);
    const later = await sessions();
    expect(later[0]!.sessionKey).toBe(listed[0]!.sessionKey);
    expect(await tab(later[0]!.sessionKey)).toEqual([expect.objectContaining({ seckillId: early.seckillId, state: 2 })]);
  });
});

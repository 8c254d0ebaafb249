// The group-buy per-user limit after a failed team (decision 065): a paid order of a team that failed
// is refunded in full and closed, so its units are no longer held; the shopper may open a new team
// within the limit. Unpaid and paid orders of live teams still count.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyGroup, activitiesOfFile, createGroupShoppers, payWithBalance, placeGroupOrder, runTeamExpiries, seatOf, teamRow } from '../test/group-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);

describe('group-buy: the per-user limit after a failed team', () => {
  it("a failed team's refunded units no longer count toward the limit", async () => {
    const ga = await activity({ maxNum: 1, groupNumber: 2, validMinutes: 60 });
    const [s] = await createGroupShoppers(t, 1);
    const first = await placeGroupOrder(t.app, s!, ga);
    const paid = await payWithBalance(t.app, s!, first);
    expect(paid.statusCode, paid.body).toBe(200);
    // Still live: the limit holds.
    const held = await buyGroup(t.app, s!, ga);
    expect(held.statusCode).toBe(400);
    expect(held.body).toBe('This exceeds the limit of 1 per person for this group-buy (you already have 1)');

    t.advanceClock(61 * 60_000);
    await runTeamExpiries(t.ctx);
    expect((await teamRow(t.ctx, (await seatOf(t.ctx, first)).groupTeamId)).status).toBe(3);

    const again = await buyGroup(t.app, s!, ga);
    expect(again.statusCode, again.body).toBe(200);
  });
});

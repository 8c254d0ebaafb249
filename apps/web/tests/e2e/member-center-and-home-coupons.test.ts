// Issue 25's leftovers in the browser (1366 × 768): the member center's sign-in card stands in the
// row of the two level cards with the same top edge and height; the home page's coupon floor shows
// the platform's receivable coupons as GET /coupon/generalCouponList answers them and leads to the
// coupon center's platform tab.
import { expect } from '@playwright/test';
import { API_URL, openPage, registerShopper, test, useToken, zh } from './support.ts';

test.use({ viewport: { width: 1366, height: 768 } });

test('the member center: the sign-in card lines up with the level cards', async ({ page, context, request, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/member-center/member-center');
  const cards = [page.getByTestId('member-growth-level'), page.getByTestId('member-paid-level'), page.getByRole('region', { name: zh('points.signIn.title') })];
  await expect(cards[2]!.getByTestId('points-sign-in')).toBeVisible();
  const boxes = await Promise.all(cards.map(async (card) => (await card.boundingBox())!));
  for (const box of boxes.slice(1)) {
    expect(Math.abs(box.y - boxes[0]!.y), `top ${box.y} vs ${boxes[0]!.y}`).toBeLessThanOrEqual(0.5);
    expect(Math.abs(box.height - boxes[0]!.height), `height ${box.height} vs ${boxes[0]!.height}`).toBeLessThanOrEqual(0.5);
  }
  // One row, left to right, inside the page.
  expect(boxes[0]!.x + boxes[0]!.width).toBeLessThan(boxes[1]!.x);
  expect(boxes[1]!.x + boxes[1]!.width).toBeLessThan(boxes[2]!.x);
  expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(1366);
});

test("the home coupon floor shows generalCouponList's coupons and leads to the coupon center", async ({ page, request }) => {
  const answer = await request.get(`${API_URL}/coupon/generalCouponList?receivableOnly=1&current=1&size=5`, { headers: { 'accept-language': 'zh' } });
  expect(answer.status()).toBe(200);
  const { records } = (await answer.json()) as { records: Array<{ couponId: number; couponName: string }> };
  // The demo seed has receivable platform coupons: a floor with none would test nothing.
  expect(records.length).toBeGreaterThan(0);
  await openPage(page, '/');
  const floor = page.getByRole('region', { name: zh('homeCoupons.title') });
  const tickets = floor.getByRole('listitem').getByRole('link');
  await expect(tickets).toHaveCount(records.length);
  for (const [i, coupon] of records.entries()) await expect(tickets.nth(i)).toContainText(coupon.couponName);
  await tickets.first().click();
  await expect(page).toHaveURL(/\/coupons\?shopType=1/);
  await expect(page.getByRole('heading', { level: 1, name: zh('coupon.center.title') })).toBeVisible();
});

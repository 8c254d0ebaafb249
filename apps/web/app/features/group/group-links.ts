// Where the group-buy pages lead, and what their addresses carry (issue 29): the product's group page
// (/detail/{prodId}?groupActivityId=, with groupTeamId on a share link), the group checkout on
// /submit-order (its group parameters), and the texts of a team's validity.
import type { TFunction } from 'i18next';
import { positiveId } from '../../lib/positive-id.ts';

/** The product page of a group activity; with a team, the share link that opens it preselected. */
export function groupDetailHref(prodId: number, groupActivityId: number, groupTeamId?: number | null): string {
  const query = new URLSearchParams({ groupActivityId: String(groupActivityId) });
  if (groupTeamId) query.set('groupTeamId', String(groupTeamId));
  return `/detail/${prodId}?${query.toString()}`;
}

/** The share link of a team, absolute, for the QR code and the copy button. */
export function groupShareUrl(origin: string, prodId: number, groupActivityId: number, groupTeamId: number): string {
  return `${origin.replace(/\/+$/, '')}${groupDetailHref(prodId, groupActivityId, groupTeamId)}`;
}

/** What the group checkout needs: the activity's SKU, the team (0 opens one) and the count. */
export interface GroupChoice {
  groupSkuId: number;
  groupTeamId: number;
  prodCount: number;
}

/** /submit-order with the group parameters (reference §2.4's confirm body). */
export function groupCheckoutHref(choice: GroupChoice): string {
  const query = new URLSearchParams({ groupSkuId: String(choice.groupSkuId), groupTeamId: String(choice.groupTeamId), prodCount: String(choice.prodCount) });
  return `/submit-order?${query.toString()}`;
}

/**
 * The group choice of a /submit-order address, or null when it is no group checkout (no groupSkuId).
 * A missing or bad team opens a new one (0); a missing or bad count is 1.
 */
export function readGroupChoice(params: URLSearchParams): GroupChoice | null {
  const groupSkuId = positiveId(params.get('groupSkuId'));
  if (!groupSkuId) return null;
  const groupTeamId = positiveId(params.get('groupTeamId')) ?? 0;
  const count = positiveId(params.get('prodCount'));
  return { groupSkuId, groupTeamId, prodCount: count && count <= 99 ? count : 1 };
}

/** A duration in minutes as its largest whole unit: 1440 -> 1 day, 90 -> 90 minutes, 120 -> 2 hours. */
export function durationParts(minutes: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  const m = Math.max(1, Math.round(minutes));
  if (m % 1440 === 0) return { unit: 'days', count: m / 1440 };
  if (m % 60 === 0) return { unit: 'hours', count: m / 60 };
  return { unit: 'minutes', count: m };
}

/** A duration in minutes as the shopper reads it ("24小时", "2 days"), with groupBuy.duration.*. */
export function durationText(t: TFunction, minutes: number): string {
  const { unit, count } = durationParts(minutes);
  return t(`groupBuy.duration.${unit}`, { count });
}

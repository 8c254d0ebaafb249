import { describe, expect, it } from 'vitest';
import { durationParts, groupCheckoutHref, groupDetailHref, groupShareUrl, readGroupChoice } from './group-links.ts';

describe('group links', () => {
  it('opens the product page of the activity, with the team of a share link', () => {
    expect(groupDetailHref(42, 7)).toBe('/detail/42?groupActivityId=7');
    expect(groupDetailHref(42, 7, 9)).toBe('/detail/42?groupActivityId=7&groupTeamId=9');
    expect(groupDetailHref(42, 7, 0)).toBe('/detail/42?groupActivityId=7');
    expect(groupShareUrl('http://shop.example/', 42, 7, 9)).toBe('http://shop.example/detail/42?groupActivityId=7&groupTeamId=9');
  });

  it('carries the group choice to /submit-order and reads it back', () => {
    const href = groupCheckoutHref({ groupSkuId: 5, groupTeamId: 0, prodCount: 2 });
    expect(href).toBe('/submit-order?groupSkuId=5&groupTeamId=0&prodCount=2');
    expect(readGroupChoice(new URL(href, 'http://x').searchParams)).toEqual({ groupSkuId: 5, groupTeamId: 0, prodCount: 2 });
  });

  it('is no group checkout without a valid groupSkuId; a bad team opens one, a bad count is 1', () => {
    expect(readGroupChoice(new URLSearchParams('prodId=1&skuId=2'))).toBeNull();
    expect(readGroupChoice(new URLSearchParams('groupSkuId=abc'))).toBeNull();
    expect(readGroupChoice(new URLSearchParams('groupSkuId=0'))).toBeNull();
    expect(readGroupChoice(new URLSearchParams('groupSkuId=3&groupTeamId=-1&prodCount=1000'))).toEqual({ groupSkuId: 3, groupTeamId: 0, prodCount: 1 });
    expect(readGroupChoice(new URLSearchParams('groupSkuId=3&groupTeamId=12&prodCount=4'))).toEqual({ groupSkuId: 3, groupTeamId: 12, prodCount: 4 });
  });

  it('words a validity in its largest whole unit', () => {
    expect(durationParts(1440)).toEqual({ unit: 'days', count: 1 });
    expect(durationParts(2880)).toEqual({ unit: 'days', count: 2 });
    expect(durationParts(120)).toEqual({ unit: 'hours', count: 2 });
    expect(durationParts(90)).toEqual({ unit: 'minutes', count: 90 });
    expect(durationParts(0)).toEqual({ unit: 'minutes', count: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { shopEntryAction } from './top-bar.tsx';

describe('the top bar shop entry (section 2)', () => {
  it('opens the store, tells a review or an offline store, and sends the others to the application', () => {
    expect(shopEntryAction(1, 7)).toEqual({ to: '/shopIndex?sid=7' });
    expect(shopEntryAction(0, 7)).toEqual({ message: 'layout.topBar.storeReviewing' });
    // Never applied: the application page, not the rejection message (issue 10).
    expect(shopEntryAction(-1, null)).toEqual({ to: '/user-center/uc-freeshop' });
    expect(shopEntryAction(-1, 7)).toEqual({ message: 'layout.topBar.storeRejected', to: '/user-center/uc-freeshop' });
    expect(shopEntryAction(2, 7)).toEqual({ message: 'layout.topBar.storeOffline' });
    expect(shopEntryAction(9, 7)).toEqual({ message: 'layout.topBar.storeOffline' });
  });
});

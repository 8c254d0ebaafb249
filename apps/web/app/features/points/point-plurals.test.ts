import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';

// Issue 25: "1 points" no more: the texts that count points take i18next's plural rules (count).
async function translator(lng: 'zh' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: catalogs[lng] } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as unknown as (key: string, values: Record<string, unknown>) => string;
}

const KEYS = ['points.signIn.button', 'points.signIn.gained', 'points.signIn.tomorrow', 'points.expiringItem', 'points.checkout.saves', 'balance.topUp.giftScore'];

describe('points counted in the catalogs', () => {
  it('English says 1 point and 2 points', async () => {
    const t = await translator('en');
    expect(t('points.signIn.button', { count: 1 })).toBe('Sign in for 1 point');
    expect(t('points.signIn.button', { count: 2 })).toBe('Sign in for 2 points');
    expect(t('points.signIn.dayLabel', { count: 1, date: '2026-12-05', day: 1, state: 'Today' })).toBe('2026-12-05, day 1: Today, 1 point');
    expect(t('points.expiringItem', { count: 1, date: '2026-12-31' })).toBe('1 point expires at the end of 2026-12-31');
    expect(t('points.checkout.saves', { count: 1, amount: '¥0.01' })).toBe('1 point takes ¥0.01 off');
    for (const key of KEYS) {
      expect(t(key, { count: 1, amount: '¥1.00', date: 'd' }), key).not.toMatch(/\b1 points\b|\{\{/);
      expect(t(key, { count: 5, amount: '¥1.00', date: 'd' }), key).toMatch(/\b5 points\b/);
    }
  });

  it('Chinese has one form, with the number', async () => {
    const t = await translator('zh');
    expect(t('points.signIn.button', { count: 1 })).toBe('签到领 1 积分');
    for (const key of KEYS) expect(t(key, { count: 3, amount: '¥1.00', date: 'd' }), key).toMatch(/3 积分/);
  });
});

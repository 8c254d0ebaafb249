import { describe, expect, it } from 'vitest';
import { languageSwitchUrl, safeRedirectPath, stripLanguagePrefix } from './paths.ts';
import { writeReviewsPath } from './review-paths.ts';

describe('paths', () => {
  it.each([
    ['/', '/'],
    ['/en', '/'],
    ['/en/', '/'],
    ['/en/list', '/list'],
    ['/zh/notice-list', '/notice-list'],
    ['/english', '/english'],
    ['/user-center/uc-order', '/user-center/uc-order'],
  ])('stripLanguagePrefix(%s) = %s', (input, expected) => {
    expect(stripLanguagePrefix(input)).toBe(expected);
  });

  it('keeps the path and the other query parameters when switching language', () => {
    expect(languageSwitchUrl('/list', '?pn=tea&st=0', 'en')).toBe('/list?pn=tea&st=0&lang=en');
    expect(languageSwitchUrl('/en/notice-detail', '?id=3&shopId=0&lang=en', 'zh')).toBe('/notice-detail?id=3&shopId=0&lang=zh');
    expect(languageSwitchUrl('/', '', 'zh')).toBe('/?lang=zh');
  });

  it.each([
    ['/user-center', '/user-center'],
    ['/list?pn=a', '/list?pn=a'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('safeRedirectPath(%j) = %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it('names the order to review in the query', () => {
    expect(writeReviewsPath('2026112012000001')).toBe('/write-comments?orderNumber=2026112012000001');
  });
});

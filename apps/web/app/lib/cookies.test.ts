import { describe, expect, it } from 'vitest';
import { clearedCookie, isHttps, languageCookie, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('are Lax, site-wide, and Secure exactly when the page came over https', () => {
    expect(serializeCookie('token', 'a b', 60, false)).toBe('token=a%20b; Path=/; Max-Age=60; SameSite=Lax');
    expect(serializeCookie('token', 'x', 60, true)).toBe('token=x; Path=/; Max-Age=60; SameSite=Lax; Secure');
    expect(clearedCookie('token', true)).toBe('token=; Path=/; Max-Age=0; SameSite=Lax; Secure');
    expect(languageCookie('en', false)).toMatch(/^language=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(isHttps(new Request('https://mall.example/'))).toBe(true);
    expect(isHttps(new Request('http://127.0.0.1:3000/'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

// Merchants' rich text is cleaned when it is saved (product descriptions, store notices, the
// console's terms); the pages serve what was stored.
describe('sanitizeRichText', () => {
  it('keeps formatting, tables and pictures; drops scripts, handlers, frames and javascript: links; pictures load lazily', () => {
    const content = sanitizeRichText(
      '<h2>标题</h2><script>alert(1)</script><p onclick="x()">段落<a href="javascript:alert(1)">坏链接</a><a href="https://example.com">好链接</a></p>' +
        '<img src="/uploads/seed/a.svg" onerror="alert(1)" alt="图"><iframe src="https://evil.example"></iframe><table class="spec"><tr><td>1</td></tr></table>',
    );
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(content).toContain('<h2>标题</h2>');
    expect(content).toContain('<img src="/uploads/seed/a.svg" alt="图" loading="lazy" decoding="async" />');
    expect(content).toContain('href="https://example.com" rel="nofollow noopener noreferrer" target="_blank"');
    expect(content).toContain('<table class="spec">');
  });

  it('answers empty text for nothing', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });
});

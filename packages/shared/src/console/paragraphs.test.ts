import { describe, expect, it } from 'vitest';
import { htmlToParagraphs, paragraphsToHtml } from './paragraphs.ts';

describe('notice paragraphs', () => {
  it('makes a paragraph of each non-empty line and escapes what could be markup', () => {
    expect(paragraphsToHtml('冬季上新\n\n  满 99 包邮 <b>&</b> "快"  \n')).toBe('<p>冬季上新</p><p>满 99 包邮 &lt;b&gt;&amp;&lt;/b&gt; &quot;快&quot;</p>');
    expect(paragraphsToHtml(' \n ')).toBe('');
  });

  it('reads stored HTML back as lines, and round-trips what it wrote', () => {
    expect(htmlToParagraphs('<p>一</p><p>二<br>三</p><ul><li>四</li></ul><p>&lt;b&gt; &amp; &nbsp;x</p>')).toBe('一\n二\n三\n四\n<b> &  x');
    const text = '第一段 <i>\n第二段 & "引号"';
    expect(htmlToParagraphs(paragraphsToHtml(text))).toBe(text);
  });
});

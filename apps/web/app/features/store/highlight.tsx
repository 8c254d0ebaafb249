import type { ReactNode } from 'react';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the words (any case) wrapped in <mark class="hl">. */
export function highlight(text: string, words: string[]): ReactNode {
  const usable = words.map((w) => w.trim()).filter(Boolean);
  if (usable.length === 0) return text;
  const pattern = new RegExp(`(${usable.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})`, 'gi');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="hl">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

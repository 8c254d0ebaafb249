import type { ReactNode } from 'react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits text around the keywords (case-insensitive, longest first) so matches can be marked. */
export function splitMatches(text: string, keywords: readonly string[]): { text: string; match: boolean }[] {
  const words = [...new Set(keywords.map((k) => k.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map(escape).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.some((w) => w.toLowerCase() === part.toLowerCase()) }));
}

/** The text with every keyword wrapped in <mark class="hl">. */
export function Highlight({ text, keywords }: { text: string; keywords: readonly string[] }): ReactNode {
  return splitMatches(text, keywords).map((part, i) =>
    part.match ? (
      <mark key={i} className="hl">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

// A notice's text as the merchant types it (one paragraph a line) and as the storefront shows it
// (HTML paragraphs, cleaned again by the server): written without a rich-text editor, so a merchant
// needs no HTML and nothing typed becomes markup.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** One <p> per non-empty line, every character escaped. */
export function paragraphsToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c]!)}</p>`)
    .join('');
}

/** The text of stored HTML, a line per paragraph, line break or list item (for editing it again). */
export function htmlToParagraphs(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

// Product shots, detail pictures, banners and category icons for the demo, composed at seed time
// from Microsoft's Fluent Emoji (flat, MIT, shipped in @iconify-json/fluent-emoji-flat). Nothing
// is downloaded. Pictures without text (gallery shots, icons, logos) stay vector SVGs: crisp at
// any size and free to write. Pictures with text drawn in (detail pictures, banners) are rendered
// to WebP by sharp, so they read the same whatever fonts the shopper has. Every file name ends in
// a hash of what it draws, so a data directory keeps pictures across seeds (a file that exists is
// not drawn again) and a changed drawing gets a new name (uploads are served as immutable).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Bi } from './catalog-data.ts';

const require = createRequire(import.meta.url);

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}
/**
 * Drawings the icon set lacks, in its 32-unit box and flat style: a phone case seen from the back
 * (the set's phone shows its screen, so cases looked like phones).
 */
const OWN_DRAWINGS: Record<string, string> = {
  'phone-case':
    '<rect x="6" y="1.5" width="20" height="29" rx="4" fill="#3f7fd8"/><rect x="7.2" y="2.7" width="17.6" height="26.6" rx="3.2" fill="#5b95e6"/>' +
    '<rect x="8.5" y="4" width="8" height="8" rx="2.2" fill="#2b3a55"/><circle cx="11" cy="6.5" r="1.6" fill="#101828"/><circle cx="14.2" cy="6.5" r="1.6" fill="#101828"/>' +
    '<circle cx="11" cy="9.6" r="1.6" fill="#101828"/><circle cx="14.2" cy="9.6" r="0.8" fill="#f8d66d"/><circle cx="16" cy="19" r="5" fill="none" stroke="#cfe0f8" stroke-width="0.9"/>',
};

let emojiSet: IconSet | undefined;
function emojiBody(name: string): { body: string; size: number } {
  const own = OWN_DRAWINGS[name];
  if (own) return { body: own, size: 32 };
  emojiSet ??= require('@iconify-json/fluent-emoji-flat/icons.json') as IconSet;
  const icon = emojiSet.icons[name] ?? emojiSet.icons[emojiSet.aliases?.[name]?.parent ?? ''] ?? emojiSet.icons['package'];
  if (!icon) throw new Error(`no emoji ${name}`);
  return { body: icon.body, size: icon.width ?? emojiSet.width ?? 32 };
}

/** An emoji placed with its centre at (cx, cy), `size` pixels wide, turned by `rotate` degrees. */
export function emoji(name: string, cx: number, cy: number, size: number, rotate = 0, extra = ''): string {
  const { body, size: box } = emojiBody(name);
  const scale = size / box;
  return `<g transform="translate(${cx} ${cy}) rotate(${rotate}) translate(${-size / 2} ${-size / 2}) scale(${scale})"${extra}>${body}</g>`;
}

export interface Picture {
  file: string;
  svg: string;
  /** Written as WebP (rendered by sharp) instead of the SVG itself. */
  raster?: boolean;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** Latin first, then the CJK fonts of Linux, macOS and Windows; a missing font falls back, never fails. */
const FONT = `font-family="'Noto Sans','Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif"`;

const hash = (svg: string) => createHash('sha1').update(svg).digest('hex').slice(0, 10);

/** A raster picture named `<stem>-<hash>.webp`. */
function raster(stem: string, svg: string): Picture {
  return { file: `${stem}-${hash(svg)}.webp`, svg, raster: true };
}

/** An SVG picture named `<stem>-<hash>.svg`. */
function vector(stem: string, svg: string): Picture {
  return { file: `${stem}-${hash(svg)}.svg`, svg };
}

const svgOpen = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

function background(id: string, w: number, h: number, hue: number, light: number): string {
  return (
    `<defs><radialGradient id="${id}" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="hsl(${hue},45%,${Math.min(99, light + 8)}%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue},38%,${light - 8}%)"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`
  );
}
const shadow = (cx: number, cy: number, rx: number) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.13}" fill="#000" opacity=".13"/>`;

export const SHOT_SIZE = 640;

export interface ShotInput {
  /** Stable stem, e.g. "p-0-0-0-1-3" (leaf path, brand and item). */
  stem: string;
  emoji: string;
  hue: number;
  /** A second emoji for the scene shot (the category's). */
  companion: string;
  badge: Bi;
  /** The brand's Latin name, on a label in the corner as a product shot shows the maker. */
  brand: string;
  /** How the main shot is staged (0-3): on a podium, two colourways, turned before a halo, on a table. */
  layout: number;
  /** Degrees the object's colours are turned (0 = its own colours). */
  tint: number;
  /** Whether the line comes in colours; kinds whose colour is their nature (food) keep it in every shot. */
  recolour: boolean;
}

/** A font size at most `max` at which `text` fits `width` (CJK characters a full em, others about half). */
function badgeSize(text: string, width: number, max: number): number {
  const ems = [...text].reduce((sum, ch) => sum + (/[\u2E80-\uFFEF]/.test(ch) ? 1 : 0.56), 0);
  return Math.min(max, Math.floor((width / ems) * 10) / 10);
}

/** The object itself, its colours turned by `tint` degrees. */
function tinted(id: string, tint: number, body: string): string {
  if (tint === 0) return body;
  return `<defs><filter id="${id}" color-interpolation-filters="sRGB"><feColorMatrix type="hueRotate" values="${tint}"/></filter></defs><g filter="url(#${id})">${body}</g>`;
}

/** The maker's name on a small white label, top left. */
function brandLabel(S: number, brand: string, hue: number): string {
  if (!brand) return '';
  const size = S * 0.04;
  const width = brand.length * size * 0.66 + size * 1.4;
  return (
    `<rect x="${S * 0.05}" y="${S * 0.05}" width="${width}" height="${size * 1.9}" rx="${size * 0.95}" fill="#fff" opacity=".9"/>` +
    `<text x="${S * 0.05 + width / 2}" y="${S * 0.05 + size * 1.28}" text-anchor="middle" font-family="'Noto Sans','Helvetica Neue',Arial,sans-serif" font-size="${size}" font-weight="700" letter-spacing="1" fill="hsl(${hue},55%,28%)">${escapeXml(brand.toUpperCase())}</text>`
  );
}

/** The main shot, staged one of four ways so lines of one kind look different side by side. */
function mainShot(input: ShotInput): string {
  const S = SHOT_SIZE;
  const c = S / 2;
  const { hue } = input;
  const object = (cx: number, cy: number, size: number, rotate = 0, tint = input.tint, id = 't') => tinted(id, tint, emoji(input.emoji, cx, cy, size, rotate));
  switch (input.layout % 4) {
    case 1: {
      // Two colourways: the second turned further and set back.
      const second = input.recolour ? (input.tint + 150) % 360 || 150 : 0;
      return (
        background('b', S, S, hue, 93) +
        shadow(S * 0.66, S * 0.8, S * 0.2) +
        object(S * 0.66, S * 0.5, S * 0.44, 10, second, 't2') +
        shadow(S * 0.4, S * 0.86, S * 0.24) +
        object(S * 0.4, S * 0.55, S * 0.54, -6)
      );
    }
    case 2:
      // Turned before a halo, with a few floating dots.
      return (
        background('b', S, S, (hue + 200) % 360, 90) +
        `<circle cx="${c}" cy="${S * 0.47}" r="${S * 0.34}" fill="hsl(${hue},70%,80%)" opacity=".55"/>` +
        `<circle cx="${S * 0.18}" cy="${S * 0.22}" r="${S * 0.03}" fill="hsl(${hue},70%,60%)" opacity=".5"/><circle cx="${S * 0.84}" cy="${S * 0.3}" r="${S * 0.02}" fill="hsl(${hue},70%,60%)" opacity=".5"/><circle cx="${S * 0.8}" cy="${S * 0.76}" r="${S * 0.025}" fill="hsl(${hue},70%,60%)" opacity=".4"/>` +
        shadow(c, S * 0.84, S * 0.26) +
        object(c, S * 0.48, S * 0.6, -12)
      );
    case 3:
      // On a table before a wall.
      return (
        `<rect width="${S}" height="${S}" fill="hsl(${hue},30%,93%)"/><rect y="${S * 0.68}" width="${S}" height="${S * 0.32}" fill="hsl(${(hue + 20) % 360},28%,80%)"/>` +
        `<rect x="${S * 0.08}" y="${S * 0.12}" width="${S * 0.22}" height="${S * 0.3}" rx="${S * 0.02}" fill="hsl(${hue},35%,86%)"/>` +
        shadow(S * 0.52, S * 0.8, S * 0.26) +
        object(S * 0.52, S * 0.5, S * 0.58)
      );
    default:
      // On a round podium.
      return (
        background('b', S, S, hue, 92) +
        `<ellipse cx="${c}" cy="${S * 0.86}" rx="${S * 0.34}" ry="${S * 0.07}" fill="hsl(${hue},30%,70%)"/><rect x="${c - S * 0.34}" y="${S * 0.8}" width="${S * 0.68}" height="${S * 0.06}" fill="hsl(${hue},30%,70%)"/>` +
        `<ellipse cx="${c}" cy="${S * 0.8}" rx="${S * 0.34}" ry="${S * 0.07}" fill="hsl(${hue},35%,86%)"/>` +
        object(c, S * 0.5, S * 0.58)
      );
  }
}

/**
 * Four gallery shots of one brand's product line: the main shot (staged by `layout`), a closer
 * turned one, a colour variant and a scene with its companion and a badge.
 */
export function productShots(input: ShotInput): Picture[] {
  const S = SHOT_SIZE;
  const c = S / 2;
  const label = brandLabel(S, input.brand, input.hue);
  const main = svgOpen(S, S) + mainShot(input) + label + '</svg>';
  const closer =
    svgOpen(S, S) +
    background('b', S, S, (input.hue + 30) % 360, 88) +
    shadow(c * 1.05, S * 0.9, S * 0.36) +
    tinted('t', input.tint, emoji(input.emoji, c * 1.05, S * 0.52, S * 0.86, -14)) +
    label +
    '</svg>';
  const variantTint = input.recolour ? (input.tint + 110) % 360 || 110 : 0;
  const variant =
    svgOpen(S, S) +
    background('b', S, S, (input.hue + 180) % 360, 90) +
    shadow(c, S * 0.83, S * 0.3) +
    tinted('h', variantTint, emoji(input.emoji, c, S * 0.48, S * 0.62, 8)) +
    label +
    '</svg>';
  const scene =
    svgOpen(S, S) +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${input.hue},40%,96%)"/><stop offset=".72" stop-color="hsl(${input.hue},35%,88%)"/><stop offset=".72" stop-color="hsl(${input.hue},25%,78%)"/><stop offset="1" stop-color="hsl(${input.hue},25%,72%)"/></linearGradient></defs>` +
    `<rect width="${S}" height="${S}" fill="url(#s)"/>` +
    shadow(S * 0.42, S * 0.74, S * 0.22) +
    shadow(S * 0.76, S * 0.76, S * 0.12) +
    tinted('t', input.tint, emoji(input.emoji, S * 0.42, S * 0.5, S * 0.5)) +
    emoji(input.companion, S * 0.76, S * 0.64, S * 0.22) +
    emoji('sparkles', S * 0.84, S * 0.14, S * 0.1) +
    label +
    `<rect x="${S * 0.05}" y="${S * 0.83}" width="${S * 0.9}" height="${S * 0.13}" rx="${S * 0.04}" fill="hsl(${input.hue},60%,30%)" opacity=".9"/>` +
    `<text x="${c}" y="${S * 0.885}" text-anchor="middle" ${FONT} font-size="${badgeSize(input.badge.zh, S * 0.84, S * 0.04)}" font-weight="700" fill="#fff">${escapeXml(input.badge.zh)}</text>` +
    `<text x="${c}" y="${S * 0.935}" text-anchor="middle" ${FONT} font-size="${badgeSize(input.badge.en, S * 0.84, S * 0.03)}" fill="#fff">${escapeXml(input.badge.en)}</text></svg>`;
  return [vector(`${input.stem}-1`, main), vector(`${input.stem}-2`, closer), vector(`${input.stem}-3`, variant), vector(`${input.stem}-4`, scene)];
}

/** A tall detail picture: the category's name and its selling points drawn in, in both languages. */
export function detailPicture(stem: string, input: { emoji: string; hue: number; title: Bi; points: Bi[] }): Picture {
  const W = 750;
  const H = 960;
  const rows = input.points
    .slice(0, 3)
    .map((p, i) => {
      const y = 560 + i * 120;
      return (
        `<rect x="48" y="${y}" width="${W - 96}" height="100" rx="18" fill="#fff" opacity=".92"/>` +
        emoji('check-mark-button', 104, y + 50, 52) +
        `<text x="150" y="${y + 44}" ${FONT} font-size="32" font-weight="700" fill="#222">${escapeXml(p.zh)}</text>` +
        `<text x="150" y="${y + 80}" ${FONT} font-size="22" fill="#555">${escapeXml(p.en)}</text>`
      );
    })
    .join('');
  const svg =
    svgOpen(W, H) +
    `<defs><linearGradient id="d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${input.hue},50%,90%)"/><stop offset="1" stop-color="hsl(${input.hue},45%,70%)"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#d)"/>` +
    `<text x="${W / 2}" y="86" text-anchor="middle" ${FONT} font-size="44" font-weight="700" fill="hsl(${input.hue},50%,20%)">${escapeXml(input.title.zh)}</text>` +
    `<text x="${W / 2}" y="130" text-anchor="middle" ${FONT} font-size="26" fill="hsl(${input.hue},40%,28%)">${escapeXml(input.title.en)}</text>` +
    shadow(W / 2, 505, 170) +
    emoji(input.emoji, W / 2, 330, 320) +
    rows +
    '</svg>';
  return raster(stem, svg);
}

/** Roughly how many ems a bold line takes: CJK and full-width characters one, capitals and digits 0.72, the rest 0.6. */
function ems(text: string): number {
  return [...text].reduce((n, c) => n + (/[\u2e80-\uffff]/.test(c) ? 1 : /[A-Z0-9%¥mw]/.test(c) ? 0.72 : /[ .,:;'!il-]/.test(c) ? 0.32 : 0.6), 0);
}

/**
 * A headline as one line, or two when one line would have to shrink below `min` pixels (at a
 * space, the halves as even as possible), with the size that fits `width`, at most `max`.
 */
function fitLines(text: string, width: number, max: number, min: number): { lines: string[]; size: number } {
  const fit = (lines: string[]) => Math.min(max, width / Math.max(...lines.map(ems)));
  const one = fit([text]);
  const words = text.split(' ');
  if (one >= min || words.length < 2) return { lines: [text], size: one };
  let best = [text];
  for (let i = 1; i < words.length; i++) {
    const two = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (fit(two) > fit(best)) best = two;
  }
  return { lines: best, size: fit(best) };
}

/**
 * A wide campaign banner in one language: its headline, the offer on a white pill and a group of
 * the campaign's products. Each language has its own picture (the storefront shows the reader's).
 */
export function bannerPicture(
  stem: string,
  input: { lang: 'zh' | 'en'; hue: number; title: Bi; subtitle: Bi; emojis: string[]; width?: number; height?: number },
): Picture {
  const W = input.width ?? 1200;
  const H = input.height ?? 440;
  const big = H * 0.46;
  const shown = input.emojis.slice(0, 3);
  // Right-aligned, so every width keeps the group whole.
  const x = (i: number) => W - big * 0.5 - (shown.length - 1 - i) * big * 0.62;
  const art = shown.map((e, i) => emoji(e, x(i), H * (i % 2 ? 0.44 : 0.36), big * (i === 1 ? 0.78 : 0.9), (i - 1) * 8)).join('');
  // A margin that survives a cover fit trimming the sides; the headline stays left of the group.
  const L = W * 0.09;
  const title = input.title[input.lang];
  const subtitle = input.subtitle[input.lang];
  const head = fitLines(title, x(0) - big * 0.52 - L, H * 0.13, H * 0.1);
  const pillText = Math.min(H * 0.055, (W - 2 * L - H * 0.1) / ems(subtitle));
  const pillWidth = Math.max(ems(subtitle) * pillText + H * 0.1, H * 0.9);
  const lineGap = head.size * 1.12;
  const firstLine = H * 0.5 - (head.lines.length - 1) * lineGap;
  const headline = head.lines
    .map((line, i) => `<text x="${L}" y="${firstLine + i * lineGap}" ${FONT} font-size="${head.size}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`)
    .join('');
  const svg =
    svgOpen(W, H) +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${input.hue},72%,44%)"/><stop offset="1" stop-color="hsl(${(input.hue + 30) % 360},70%,30%)"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="${x(Math.floor(shown.length / 2))}" cy="${H * 0.5}" r="${H * 0.46}" fill="#fff" opacity=".12"/>` +
    art +
    headline +
    `<rect x="${L}" y="${H * 0.62}" width="${pillWidth}" height="${H * 0.12}" rx="${H * 0.06}" fill="#fff"/>` +
    `<text x="${L + H * 0.05}" y="${H * 0.62 + H * 0.06 + pillText * 0.36}" ${FONT} font-size="${pillText}" font-weight="700" fill="hsl(${input.hue},72%,36%)">${escapeXml(subtitle)}</text>` +
    '</svg>';
  return raster(`${stem}-${input.lang}`, svg);
}

/**
 * A store's header picture: its colours and goods, without words (the page prints the store's
 * name and introduction beside it in the reader's language), so one picture serves both.
 */
export function shopBannerPicture(stem: string, input: { hue: number; emojis: string[]; width: number; height: number }): Picture {
  const { width: W, height: H } = input;
  const big = H * 0.5;
  const shown = input.emojis.slice(0, 3);
  const x = (i: number) => W - big * 0.6 - (shown.length - 1 - i) * big * 0.7;
  return vector(
    stem,
    svgOpen(W, H) +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${input.hue},62%,52%)"/><stop offset="1" stop-color="hsl(${(input.hue + 30) % 360},60%,34%)"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
      `<circle cx="${W * 0.12}" cy="${H * 0.15}" r="${H * 0.55}" fill="#fff" opacity=".08"/><circle cx="${W * 0.3}" cy="${H * 1.05}" r="${H * 0.45}" fill="#fff" opacity=".07"/>` +
      `<circle cx="${x(Math.floor(shown.length / 2))}" cy="${H * 0.5}" r="${H * 0.48}" fill="#fff" opacity=".12"/>` +
      // A faint scatter of the same goods across the open side.
      [0, 1, 2, 3, 4, 5].map((i) => emoji(shown[i % shown.length] ?? 'package', W * (0.2 + i * 0.085), H * (i % 2 ? 0.7 : 0.3), H * 0.2, i * 17 - 40, ' opacity=".16"')).join('') +
      shown.map((e, i) => emoji(e, x(i), H * (i % 2 ? 0.55 : 0.47), big * (i === 1 ? 0.8 : 0.95), (i - 1) * 8)).join('') +
      '</svg>',
  );
}

/** A category icon: the emoji itself as an SVG (crisp at any size, no rendering needed). */
export function iconPicture(stem: string, name: string, size: number): Picture {
  return vector(stem, svgOpen(size, size) + emoji(name, size / 2, size / 2, size * 0.92) + '</svg>');
}

/** A round shop logo: the shop's emoji on its colour. */
export function logoPicture(stem: string, name: string, hue: number): Picture {
  const S = 200;
  return vector(
    stem,
    svgOpen(S, S) +
      `<circle cx="100" cy="100" r="100" fill="hsl(${hue},55%,92%)"/><circle cx="100" cy="100" r="92" fill="none" stroke="hsl(${hue},50%,45%)" stroke-width="4"/>` +
      emoji(name, 100, 100, 120) +
      '</svg>',
  );
}

/**
 * The mall's logo: a shopping bag and the name, red on a clear ground (the header is white), and
 * its favicon, the bag on a red rounded square. Latin text only, which every font stack has.
 */
export function siteLogo(): { logo: string; favicon: string } {
  const logo =
    svgOpen(360, 120) +
    `<rect x="8" y="14" width="92" height="92" rx="24" fill="#c81623"/>` +
    emoji('shopping-bags', 54, 60, 64) +
    `<text x="118" y="78" font-family="'Noto Sans','Helvetica Neue',Arial,sans-serif" font-size="56" font-weight="800" letter-spacing="-1" fill="#c81623">Bazaar</text>` +
    `<text x="121" y="104" font-family="'Noto Sans','Helvetica Neue',Arial,sans-serif" font-size="15" font-weight="600" letter-spacing="3.2" fill="#7a5a5c">ONLINE MALL</text>` +
    '</svg>';
  const favicon = svgOpen(64, 64) + `<rect width="64" height="64" rx="14" fill="#c81623"/>` + emoji('shopping-bags', 32, 33, 46) + '</svg>';
  return { logo, favicon };
}

// Demo pictures drawn at seed time (no downloads): plain SVG tiles (a gradient, a glyph and a
// caption) for documents such as licences, and the product art of art.ts rendered to WebP.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Picture } from './art.ts';

export type { Picture } from './art.ts';

export const SEED_UPLOAD_PREFIX = '/uploads/seed/';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function drawPicture(options: {
  file: string;
  hue: number;
  glyph: string;
  title?: string;
  subtitle?: string;
  width?: number;
  height?: number;
  angle?: number;
}): Picture {
  const { file, hue, glyph, title = '', subtitle = '', width = 800, height = 800, angle = 135 } = options;
  const h2 = (hue + 40) % 360;
  const small = Math.min(width, height);
  const glyphSize = Math.round(small * (glyph.length > 2 ? 0.22 : 0.36));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle - 90} .5 .5)">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${h2},75%,42%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width * 0.82}" cy="${height * 0.18}" r="${small * 0.28}" fill="#fff" opacity=".12"/>` +
    `<circle cx="${width * 0.12}" cy="${height * 0.9}" r="${small * 0.22}" fill="#fff" opacity=".1"/>` +
    `<text x="50%" y="${title ? '46%' : '54%'}" text-anchor="middle" dominant-baseline="middle" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif" font-size="${glyphSize}" font-weight="700" fill="#fff">${escapeXml(glyph)}</text>` +
    (title
      ? `<text x="50%" y="74%" text-anchor="middle" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif" font-size="${Math.round(small * 0.06)}" fill="#fff">${escapeXml(title)}</text>`
      : '') +
    (subtitle
      ? `<text x="50%" y="84%" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="${Math.round(small * 0.04)}" fill="#fff" opacity=".85">${escapeXml(subtitle)}</text>`
      : '') +
    `</svg>`;
  return { file, svg };
}

export const seedImagePath = (file: string) => `${SEED_UPLOAD_PREFIX}${file}`;

/**
 * Writes pictures under <dataDir>/uploads/seed: SVGs as they are, raster pictures rendered to WebP
 * by sharp, as many at a time as there are cores. A raster picture's name carries the hash of its
 * drawing, so one already there is the same picture and is kept (the cache of earlier seeds).
 */
export async function writePictures(dataDir: string, pictures: Picture[]): Promise<void> {
  const dir = path.join(dataDir, 'uploads', 'seed');
  await mkdir(dir, { recursive: true });
  const seen = new Set<string>();
  const todo = pictures.filter((p) => {
    if (seen.has(p.file)) return false;
    seen.add(p.file);
    return !(p.raster && existsSync(path.join(dir, p.file)));
  });
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const p = todo[next++] as Picture;
      const target = path.join(dir, p.file);
      if (p.raster) await sharp(Buffer.from(p.svg)).webp({ quality: 82, effort: 2 }).toFile(target);
      else await writeFile(target, p.svg);
    }
  };
  // sharp renders on libuv's pool; a couple of renders per core keeps it busy without piling up.
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism() * 2) }, worker));
}

// Image checks shared by every upload (avatars, store documents, product pictures): JPG, JPEG, PNG
// or GIF by extension AND by content, at most 2 MB (section 5's two messages). Every image is
// decoded and encoded again with sharp, so only pixels are stored: whatever rode along (HTML
// appended to a PNG, a script in a GIF/JS polyglot, EXIF with a location) is gone, and what does
// not decode is refused.
import path from 'node:path';
import type sharpModule from 'sharp';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { invalid } from './app-error.ts';

export type ImageKind = 'jpeg' | 'png' | 'gif';
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export const EXTENSION_KIND: Record<ImageExtension, ImageKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif' };
export const KIND_MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image kind its first bytes show, or null. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

export function imageExtensionOf(filename: string): ImageExtension | null {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as ImageExtension) : null;
}

/** sharp (libvips, about 17 MiB of memory) is loaded at the first upload, not at start. */
let sharpLoaded: Promise<typeof sharpModule> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

/** Larger pictures are refused before decoding (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 25_000_000;

/** The image decoded and encoded again in its own format (scaled to fit maxSide), or the format error. */
export async function reencodeImage(bytes: Buffer, kind: ImageKind, maxSide: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: kind === 'gif' });
    const { format } = await image.metadata();
    if (format === kind) {
      const fitted = image.rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
      return await (kind === 'jpeg' ? fitted.jpeg({ quality: 85 }) : kind === 'png' ? fitted.png() : fitted.gif()).toBuffer();
    }
  } catch {
    // Not an image sharp can read: refused below like any other wrong format.
  }
  throw invalid('errors.upload.format');
}

/** Checks size, extension and content; answers the clean image and its extension. */
export async function cleanImage(file: { filename: string; bytes: Buffer }, maxSide: number): Promise<{ bytes: Buffer; ext: ImageExtension; mime: string }> {
  if (file.bytes.length > IMAGE_MAX_BYTES) throw invalid('errors.upload.size');
  const ext = imageExtensionOf(file.filename);
  if (!ext || sniffImageKind(file.bytes) !== EXTENSION_KIND[ext]) throw invalid('errors.upload.format');
  const kind = EXTENSION_KIND[ext];
  return { bytes: await reencodeImage(file.bytes, kind, maxSide), ext, mime: KIND_MIME[kind] };
}

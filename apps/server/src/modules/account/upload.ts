// Avatar images: JPG, JPEG, PNG or GIF by extension AND by content, at most 2 MB, stored
// under <dataDir>/uploads/avatars and served by the static /uploads route. Every image is decoded
// and encoded again with sharp, so only pixels are stored: whatever rode along (HTML appended to a
// PNG, a script in a GIF/JS polyglot, EXIF with a location) is gone, and what does not decode is refused.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { invalid } from '../../lib/app-error.ts';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
type ImageKind = 'jpeg' | 'png' | 'gif';

const EXTENSION_KIND: Record<(typeof IMAGE_EXTENSIONS)[number], ImageKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image kind its first bytes show, or null. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

function extensionOf(filename: string): (typeof IMAGE_EXTENSIONS)[number] | null {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as (typeof IMAGE_EXTENSIONS)[number]) : null;
}

/** Larger pictures are refused before decoding (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 25_000_000;
/** An avatar is shown small; bigger ones are scaled down to this side. */
const AVATAR_MAX_SIDE = 1024;

/** The image decoded and encoded again in its own format, or the format error when it does not decode as `kind`. */
export async function reencodeImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: kind === 'gif' });
    const { format } = await image.metadata();
    if (format === kind) {
      const fitted = image.rotate().resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      return await (kind === 'jpeg' ? fitted.jpeg({ quality: 85 }) : kind === 'png' ? fitted.png() : fitted.gif()).toBuffer();
    }
  } catch {
    // Not an image sharp can read: refused below like any other wrong format.
  }
  throw invalid('errors.upload.format');
}

export function avatarFilePath(dataDir: string, name: string): string {
  return path.join(dataDir, 'uploads', 'avatars', name);
}

/** Validates and stores one avatar; answers its public path. */
export async function saveAvatar(dataDir: string, userId: string, file: { filename: string; bytes: Buffer }): Promise<string> {
  if (file.bytes.length > IMAGE_MAX_BYTES) throw invalid('errors.upload.size');
  const ext = extensionOf(file.filename);
  if (!ext || sniffImageKind(file.bytes) !== EXTENSION_KIND[ext]) throw invalid('errors.upload.format');
  const clean = await reencodeImage(file.bytes, EXTENSION_KIND[ext]);
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await mkdir(path.dirname(avatarFilePath(dataDir, name)), { recursive: true });
  await writeFile(avatarFilePath(dataDir, name), clean, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}

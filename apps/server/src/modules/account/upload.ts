// Avatar images: JPG, JPEG, PNG or GIF by extension AND by content, at most 2 MB, stored
// under <dataDir>/uploads/avatars and served by the static /uploads route.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

export function avatarFilePath(dataDir: string, name: string): string {
  return path.join(dataDir, 'uploads', 'avatars', name);
}

/** Validates and stores one avatar; answers its public path. */
export async function saveAvatar(dataDir: string, userId: string, file: { filename: string; bytes: Buffer }): Promise<string> {
  if (file.bytes.length > IMAGE_MAX_BYTES) throw invalid('errors.upload.size');
  const ext = extensionOf(file.filename);
  if (!ext || sniffImageKind(file.bytes) !== EXTENSION_KIND[ext]) throw invalid('errors.upload.format');
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await mkdir(path.dirname(avatarFilePath(dataDir, name)), { recursive: true });
  await writeFile(avatarFilePath(dataDir, name), file.bytes, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}

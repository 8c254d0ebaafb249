// Avatar images, stored by the storage provider under uploads/avatars (DATA_DIR or a bucket) and
// served at /uploads/avatars/ (plugins/uploads.ts).
// The checks (format by extension and content, 2 MB, re-encoding) are lib/images.ts's.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { cleanImage } from '../../lib/images.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** An avatar is shown small; bigger ones are scaled down to this side. */
const AVATAR_MAX_SIDE = 1024;

/** Where a disk storage keeps an avatar (tests look at it). */
export function avatarFilePath(dataDir: string, name: string): string {
  return path.join(dataDir, 'uploads', 'avatars', name);
}

/** The storage key of an avatar. */
export const avatarKey = (name: string) => `uploads/avatars/${name}`;

/** Validates and stores one avatar; answers its public path. */
export async function saveAvatar(storage: FileStorage, userId: string, file: { filename: string; bytes: Buffer }): Promise<string> {
  const clean = await cleanImage(file, AVATAR_MAX_SIDE);
  const name = `${userId}-${randomBytes(8).toString('hex')}.${clean.ext}`;
  await storage.put(avatarKey(name), clean.bytes, clean.mime);
  return `${AVATAR_URL_PREFIX}${name}`;
}

// Avatar images, stored under <dataDir>/uploads/avatars and served by the static /uploads route.
// The checks (format by extension and content, 2 MB, re-encoding) are lib/images.ts's.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanImage } from '../../lib/images.ts';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** An avatar is shown small; bigger ones are scaled down to this side. */
const AVATAR_MAX_SIDE = 1024;

export function avatarFilePath(dataDir: string, name: string): string {
  return path.join(dataDir, 'uploads', 'avatars', name);
}

/** Validates and stores one avatar; answers its public path. */
export async function saveAvatar(dataDir: string, userId: string, file: { filename: string; bytes: Buffer }): Promise<string> {
  const clean = await cleanImage(file, AVATAR_MAX_SIDE);
  const name = `${userId}-${randomBytes(8).toString('hex')}.${clean.ext}`;
  await mkdir(path.dirname(avatarFilePath(dataDir, name)), { recursive: true });
  await writeFile(avatarFilePath(dataDir, name), clean.bytes, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}

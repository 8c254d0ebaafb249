// Files under a folder on this machine (DATA_DIR): the default, for one API instance.
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type FileStorage } from './file-storage.ts';

export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async get(key) {
      try {
        return { bytes: await readFile(fileOf(key)), contentType: null };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

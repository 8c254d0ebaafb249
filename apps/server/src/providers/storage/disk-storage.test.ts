// The disk storage (the default): files under a folder, a key written once, deletes that tolerate a missing file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'bazaar-disk-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('disk storage', () => {
  it('stores, reads, finds and deletes files; a key is never written twice; a missing key reads as none', async () => {
    const storage = createDiskStorage(root);
    const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    await storage.put('private/a.pdf', bytes, 'application/pdf');
    expect(await storage.get('private/a.pdf')).toEqual({ bytes, contentType: null });
    expect(await storage.exists('private/a.pdf')).toBe(true);
    await expect(storage.put('private/a.pdf', Buffer.from('other'), 'application/pdf')).rejects.toThrow(/EEXIST/);
    await storage.delete('private/a.pdf');
    expect(await storage.exists('private/a.pdf')).toBe(false);
    expect(await storage.get('private/a.pdf')).toBeNull();
    await storage.delete('private/a.pdf');
    await expect(storage.delete('../a.pdf')).rejects.toThrow(/not a storage key/);
  });
});

// The S3 storage against a real S3-compatible server started here: moto's server (getmoto, the
// maintained AWS emulator; Python's `moto[server]`, which .ci/run installs when missing). No npm fake
// S3 server fits: s3rver is unmaintained since 2021 and its maintained fork needs Node 24.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectAclCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BazaarApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { avatarKey, saveAvatar } from '../../modules/account/upload.ts';
import { fileLink, saveImage } from '../../modules/upload/service.ts';
import { getTestApp } from '../../test/test-app.ts';
import { createS3Storage, type S3Config } from './s3-storage.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let moto: ChildProcess;
let config: S3Config;
let client: S3Client;

beforeAll(async () => {
  const port = await freePort();
  moto = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(endpoint);
      break;
    } catch {
      if (i > 100 || moto.exitCode !== null) throw new Error('moto server did not start: pip install "moto[server]"');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  config = { endpoint, bucket: 'bazaar-files', region: 'us-east-1', accessKeyId: 'test-key', secretAccessKey: 'test-secret', forcePathStyle: true, prefix: 'mall' };
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' } });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
}, 60_000);

afterAll(() => {
  moto?.kill();
});

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } }).png().toBuffer();

describe('S3 storage', () => {
  it('stores, reads and finds files under its prefix; a missing key reads as none', async () => {
    const storage = createS3Storage(config);
    const bytes = Buffer.from('hello');
    await storage.put('uploads/images/a.png', bytes, 'image/png');
    expect(await storage.get('uploads/images/a.png')).toEqual({ bytes, contentType: 'image/png' });
    expect(await storage.exists('uploads/images/a.png')).toBe(true);
    expect(await storage.get('uploads/images/none.png')).toBeNull();
    expect(await storage.exists('uploads/images/none.png')).toBe(false);
    // The prefix is part of the object's key in the bucket.
    expect(await createS3Storage({ ...config, prefix: undefined }).exists('mall/uploads/images/a.png')).toBe(true);
    await expect(storage.put('../x.png', bytes, 'image/png')).rejects.toThrow(/not a storage key/);
    // A delete removes the object; deleting it again (or a key never written) is no error.
    await storage.delete('uploads/images/a.png');
    expect(await storage.exists('uploads/images/a.png')).toBe(false);
    await storage.delete('uploads/images/a.png');
  });

  it('writes objects without a public grant', async () => {
    await createS3Storage(config).put('private/doc.png', Buffer.from('secret'), 'image/png');
    const acl = await client.send(new GetObjectAclCommand({ Bucket: config.bucket, Key: 'mall/private/doc.png' }));
    const grantees = (acl.Grants ?? []).map((g) => g.Grantee?.URI ?? g.Grantee?.ID);
    expect(grantees.some((g) => /AllUsers|AuthenticatedUsers/.test(g ?? ''))).toBe(false);
  });
});

describe('two API instances on one bucket', () => {
  const apps: Array<{ app: BazaarApp; ctx: AppContext; dataDir: string }> = [];

  beforeAll(async () => {
    const main = await getTestApp();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-s3-'));
      const ctx: AppContext = { ...main.ctx, env: { ...main.ctx.env, dataDir }, providers: { ...main.ctx.providers, storage: createS3Storage(config) } };
      const app = await buildApp({ ctx });
      await app.ready();
      apps.push({ app, ctx, dataDir });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app } of apps) await app.close();
  });

  it('serves on one instance the images and avatars another stored, and keeps nothing on either disk', async () => {
    const [a, b] = apps as [(typeof apps)[number], (typeof apps)[number]];
    const bytes = await png();
    const stored = await saveImage(a.ctx, { userId: await firstUserId(a.ctx), visibility: 'public', file: { filename: 'logo.png', bytes } });
    const res = await b.app.inject({ method: 'GET', url: stored });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The uploads' own policy (plugins/uploads.ts), not the app's: an SVG opened on its own runs nothing.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(8);

    const avatar = await saveAvatar(a.ctx.providers.storage, await firstUserId(a.ctx), { filename: 'me.png', bytes });
    expect((await b.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    expect(await b.ctx.providers.storage.exists(avatarKey(avatar.slice('/uploads/avatars/'.length)))).toBe(true);

    expect((await b.app.inject({ method: 'GET', url: '/uploads/images/missing.png' })).statusCode).toBe(404);
    for (const { dataDir } of apps) expect(existsSync(path.join(dataDir, 'uploads', 'images'))).toBe(false);
  });

  it('shows a private document only through a signed link, on any instance', async () => {
    const [a, b] = apps as [(typeof apps)[number], (typeof apps)[number]];
    const stored = await saveImage(a.ctx, { userId: await firstUserId(a.ctx), visibility: 'private', file: { filename: 'licence.png', bytes: await png() } });
    const name = stored.slice('private/'.length);
    const link = await fileLink(b.ctx, stored);
    expect((await b.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    // Not under the public images, not without the signature, not with another name's signature.
    expect((await b.app.inject({ method: 'GET', url: `/uploads/images/${name}` })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: `/uploads/private/${name}` })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await b.app.inject({ method: 'GET', url: link.replace(name, `x${name.slice(1)}`) })).statusCode).toBe(404);
  });
});

/** A shopper of this test, made once (the files table keeps who uploaded). */
let userId: Promise<string> | undefined;
function firstUserId(ctx: AppContext): Promise<string> {
  userId ??= (async () => {
    const { users } = await import('../../db/schema/account.ts');
    const id = randomBytes(16).toString('hex');
    await ctx.db.insert(users).values({ id, userName: `s3${id.slice(0, 8)}`, mobile: `139${String(parseInt(id.slice(0, 8), 16) % 1e8).padStart(8, '0')}`, nickName: 's3' });
    return id;
  })();
  return userId;
}

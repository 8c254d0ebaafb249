// The general upload module (issue 10): images for store applications, logos and, later, products.
// Checks are lib/images.ts's (format by extension and decoding, 2 MB). Files go to the storage
// provider (ctx.providers.storage: DATA_DIR, or an S3-compatible bucket, decision 025). Public
// images are stored under uploads/images and served at their path; private ones (business
// licences, ID cards) under private/, which no route serves as it is, and shown only through links signed
// for their owner or for platform staff that work for one to two PRIVATE_LINK_TTL_MS periods (decision 023).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { INVOICE_FILE_MAX_BYTES } from '@bazaar/shared/schemas/invoice';
import { PRIVATE_FILE_PATTERN } from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../../context.ts';
import { cleanImage, EXTENSION_KIND, imageExtensionOf, KIND_MIME } from '../../lib/images.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export type Visibility = 'public' | 'private';

const PDF_MIME = 'application/pdf';
/** Private PDFs (issued invoices) are shown through signed links like private images. */
const PRIVATE_PDF_PATTERN = /^private\/[a-z0-9-]{8,80}\.pdf$/;

/** Store documents must stay legible; nothing larger is needed to read them. */
const MAX_SIDE = 2400;
export const PUBLIC_PREFIX = '/uploads/images/';
export const PRIVATE_PREFIX = 'private/';
/**
 * A signed link to a private file works at least this long and at most twice as long: its end is
 * rounded up to a whole period, so the links of one page are stable and the browser can cache them.
 */
export const PRIVATE_LINK_TTL_MS = 60 * 60_000;
const SIGNING_KEY = 'upload:signing-key';
/** The key lives in the key-value store (Redis with several instances, so each signs alike). */
const SIGNING_KEY_TTL_MS = 365 * 24 * 3600_000;
/** Each instance keeps the key a few minutes rather than asking the store for every link it signs or checks. */
const SIGNING_KEY_CACHE = { ttlMs: 10 * 60_000, max: 1 };

/** Storage keys (providers/storage): public images under uploads/images, served at /uploads/images; private ones apart. */
const publicKey = (name: string) => `uploads/images/${name}`;
const privateKey = (name: string) => `private/${name}`;

/** Validates, cleans and stores one image of this user; answers the path a form cites. */
export function saveImage(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  input: { userId: string; visibility: Visibility; file: { filename: string; bytes: Buffer } },
): Promise<string> {
  return store(ctx, { userId: input.userId }, input.visibility, input.file);
}

/** A public image (logo, banner) uploaded by a shop's merchant account; answers its path. */
export function saveShopImage(ctx: Pick<AppContext, 'db' | 'providers'>, input: { shopId: number; file: { filename: string; bytes: Buffer } }): Promise<string> {
  return store(ctx, { shopId: input.shopId }, 'public', input.file);
}

/** A public image for the site (category icon, logo, favicon) uploaded by platform staff: neither a user nor a shop owns it. */
export function saveSiteImage(ctx: Pick<AppContext, 'db' | 'providers'>, input: { file: { filename: string; bytes: Buffer } }): Promise<string> {
  return store(ctx, {}, 'public', input.file);
}

async function store(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  owner: { userId: string } | { shopId: number } | Record<string, never>,
  visibility: Visibility,
  file: { filename: string; bytes: Buffer },
): Promise<string> {
  const clean = await cleanImage(file, MAX_SIDE);
  const name = `${randomUUID()}.${clean.ext}`;
  const isPrivate = visibility === 'private';
  await ctx.providers.storage.put(isPrivate ? privateKey(name) : publicKey(name), clean.bytes, clean.mime);
  const stored = isPrivate ? `${PRIVATE_PREFIX}${name}` : `${PUBLIC_PREFIX}${name}`;
  await repo.insertFile(ctx.db, { ...owner, path: stored, mime: clean.mime, size: clean.bytes.length, isPrivate });
  return stored;
}

/**
 * A private document a shop's merchant account uploads (an issued invoice, decision 061): a PDF
 * (its signature checked, at most INVOICE_FILE_MAX_BYTES) or an image (the image rules). Answers
 * the file's id and path; it is shown only through signed links.
 */
export async function saveShopDocument(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  input: { shopId: number; file: { filename: string; bytes: Buffer } },
): Promise<{ id: number; path: string }> {
  const { file } = input;
  if (path.extname(file.filename).toLowerCase() === '.pdf') {
    if (file.bytes.length > INVOICE_FILE_MAX_BYTES) throw invalid('invoice.errors.fileSize');
    if (!isPdf(file.bytes)) throw invalid('invoice.errors.fileFormat');
    const name = `${randomUUID()}.pdf`;
    await ctx.providers.storage.put(privateKey(name), file.bytes, PDF_MIME);
    const stored = `${PRIVATE_PREFIX}${name}`;
    const id = await repo.insertFile(ctx.db, { shopId: input.shopId, path: stored, mime: PDF_MIME, size: file.bytes.length, isPrivate: true });
    return { id, path: stored };
  }
  if (!imageExtensionOf(file.filename)) throw invalid('invoice.errors.fileFormat');
  const stored = await store(ctx, { shopId: input.shopId }, 'private', file);
  const found = await repo.findFileByPath(ctx.db, stored);
  return { id: found!.id, path: stored };
}

/**
 * A shop document that nothing came to refer to (its invoice moved on before the upload could issue
 * it): its row, then its file. Private documents are stored under their path.
 */
export async function discardShopDocument(ctx: Pick<AppContext, 'db' | 'providers'>, saved: { id: number; path: string }): Promise<void> {
  if (!saved.path.startsWith(PRIVATE_PREFIX)) throw new Error(`not a private document: ${saved.path}`);
  await repo.deleteFile(ctx.db, saved.id);
  await ctx.providers.storage.delete(saved.path);
}

/** A PDF starts with its header and ends with an end-of-file marker. */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF');
}

/** A stored file by its id (the invoice flows check who may see it). */
export function fileById(ctx: Pick<AppContext, 'db'>, id: number) {
  return repo.findFileById(ctx.db, id);
}

/** The paths among these that this shop's merchant account uploaded. */
export function shopOwnedPaths(ctx: Pick<AppContext, 'db'>, shopId: number, paths: string[]): Promise<Set<string>> {
  return repo.findShopOwnedPaths(ctx.db, shopId, [...new Set(paths)]);
}

/** The paths among these that this user uploaded. */
export function ownedPaths(ctx: Pick<AppContext, 'db'>, userId: string, paths: string[]): Promise<Set<string>> {
  return repo.findOwnedPaths(ctx.db, userId, [...new Set(paths)]);
}

/** The paths among these that are stored public images (what staff may put on the site). */
export function savedPublicPaths(ctx: Pick<AppContext, 'db'>, paths: string[]): Promise<Set<string>> {
  return repo.findPublicPaths(ctx.db, [...new Set(paths)]);
}

function signingKey(ctx: Pick<AppContext, 'kv' | 'caches'>): Promise<Buffer> {
  return ctx.caches.named<Buffer>('upload-signing-key', SIGNING_KEY_CACHE).get(SIGNING_KEY, async () => {
    const existing = await ctx.kv.get(SIGNING_KEY);
    if (existing) return Buffer.from(existing, 'base64url');
    await ctx.kv.setIfAbsent(SIGNING_KEY, randomBytes(32).toString('base64url'), SIGNING_KEY_TTL_MS);
    const key = await ctx.kv.get(SIGNING_KEY);
    if (!key) throw new Error('upload signing key missing');
    return Buffer.from(key, 'base64url');
  });
}

const signature = (key: Buffer, name: string, exp: number) => createHmac('sha256', key).update(`${name}\n${exp}`).digest('base64url');

/**
 * A link that shows a stored file: a public path as it is; a private one as
 * /uploads/private/<name>?exp=&sig=, to be handed only to its owner or to staff.
 */
export async function fileLink(ctx: Pick<AppContext, 'kv' | 'caches' | 'now'>, stored: string): Promise<string> {
  if (!PRIVATE_FILE_PATTERN.test(stored) && !PRIVATE_PDF_PATTERN.test(stored)) return stored;
  const name = stored.slice(PRIVATE_PREFIX.length);
  const exp = ((Math.floor(ctx.now().getTime() / PRIVATE_LINK_TTL_MS) + 2) * PRIVATE_LINK_TTL_MS) / 1000;
  return `/uploads/private/${name}?exp=${exp}&sig=${signature(await signingKey(ctx), name, exp)}`;
}

/** The bytes and type of a private file when the link is genuine and unexpired; 404 otherwise. */
export async function openPrivateFile(
  ctx: Pick<AppContext, 'kv' | 'caches' | 'now' | 'providers'>,
  input: { name: string; exp: number; sig: string },
): Promise<{ bytes: Buffer; mime: string }> {
  const ext = input.name.endsWith('.pdf') ? 'pdf' : imageExtensionOf(input.name);
  if (!ext || input.exp * 1000 < ctx.now().getTime()) throw notFound('errors.notFound');
  const expected = Buffer.from(signature(await signingKey(ctx), input.name, input.exp));
  const given = Buffer.from(input.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound('errors.notFound');
  try {
    const file = await ctx.providers.storage.get(privateKey(path.basename(input.name)));
    if (!file) throw notFound('errors.notFound');
    return { bytes: file.bytes, mime: ext === 'pdf' ? PDF_MIME : KIND_MIME[EXTENSION_KIND[ext]] };
  } catch {
    throw notFound('errors.notFound');
  }
}

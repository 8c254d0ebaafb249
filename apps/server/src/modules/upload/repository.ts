import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/upload.ts';

export async function insertFile(db: Db, values: { userId?: string; shopId?: number; path: string; mime: string; size: number; isPrivate: boolean }): Promise<number> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  return row!.id;
}

export async function findFileByPath(db: Db, path: string) {
  const [row] = await db.select().from(files).where(eq(files.path, path));
  return row;
}

export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

export async function findFileById(db: Db, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/** Which of these paths this user uploaded. */
export async function findOwnedPaths(db: Db, userId: string, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: files.path })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.path, paths)));
  return new Set(rows.map((r) => r.path));
}

/** Which of these paths this shop's merchant account uploaded. */
export async function findShopOwnedPaths(db: Db, shopId: number, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: files.path })
    .from(files)
    .where(and(eq(files.shopId, shopId), inArray(files.path, paths)));
  return new Set(rows.map((r) => r.path));
}

/** Which of these paths are stored public files (staff cite any, since they upload without a user). */
export async function findPublicPaths(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: files.path })
    .from(files)
    .where(and(eq(files.isPrivate, false), inArray(files.path, paths)));
  return new Set(rows.map((r) => r.path));
}

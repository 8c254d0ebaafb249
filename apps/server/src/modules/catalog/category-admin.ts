// The platform category tree as staff edit it (issue 10): every row, hidden ones too, and the
// writes. Each write takes the transaction of its flow (flows/category-admin.ts), which records the
// change in the audit log and drops the storefront's tree caches on every instance.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminCategory, CategoryCreateInput, CategoryUpdateInput } from '@bazaar/shared/schemas/platform-content';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/catalog.ts';
import { foreignKeyViolation } from '../../db/errors.ts';
import { invalid } from '../../lib/app-error.ts';
import { CATEGORY_CACHE, HOME_CACHE } from './service.ts';

const PLATFORM = 0;
export const MAX_GRADE = 3;

const adminColumns = {
  categoryId: categories.id,
  parentId: categories.parentId,
  grade: categories.grade,
  nameZh: categories.nameZh,
  nameEn: categories.nameEn,
  icon: categories.icon,
  seq: categories.seq,
  status: categories.status,
};
export type CategoryState = Omit<AdminCategory, 'productCount'>;

/** The named part that counts a category's products, handed in by the flow (the product module owns products). */
export type ProductCount = (categoryId: typeof categories.id) => SQL<number>;

/** The whole platform tree in display order (parents first), with each row's product count. */
export async function listCategoryTree(db: Db, productCount: ProductCount): Promise<AdminCategory[]> {
  return db
    .select({ ...adminColumns, productCount: productCount(categories.id) })
    .from(categories)
    .where(eq(categories.shopId, PLATFORM))
    .orderBy(asc(categories.grade), asc(categories.seq), asc(categories.id));
}

/** One platform category, locked for the rest of the transaction. */
async function lockCategory(tx: Tx, id: number): Promise<CategoryState> {
  const [row] = await tx
    .select(adminColumns)
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.shopId, PLATFORM)))
    .for('update');
  if (!row) throw invalid('platformContent.errors.categoryNotFound');
  return row;
}

export async function createCategory(tx: Tx, input: CategoryCreateInput): Promise<CategoryState> {
  let grade = 1;
  if (input.parentId !== 0) {
    // The parent is locked so that it cannot be deleted under its new child.
    const parent = await lockCategory(tx, input.parentId).catch(() => {
      throw invalid('platformContent.errors.parent');
    });
    if (parent.grade >= MAX_GRADE) throw invalid('platformContent.errors.tooDeep');
    grade = parent.grade + 1;
  }
  const [row] = await tx
    .insert(categories)
    .values({ shopId: PLATFORM, parentId: input.parentId, grade, nameZh: input.nameZh, nameEn: input.nameEn, icon: input.icon, pic: input.icon, seq: input.seq, status: input.status })
    .returning(adminColumns);
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function updateCategory(tx: Tx, id: number, input: CategoryUpdateInput): Promise<{ before: CategoryState; after: CategoryState }> {
  const before = await lockCategory(tx, id);
  const [after] = await tx
    .update(categories)
    .set({ nameZh: input.nameZh, nameEn: input.nameEn, icon: input.icon, pic: input.icon, seq: input.seq, status: input.status })
    .where(eq(categories.id, id))
    .returning(adminColumns);
  return { before, after: after! };
}

export async function setCategoryStatus(tx: Tx, id: number, status: number): Promise<{ before: CategoryState; after: CategoryState }> {
  const before = await lockCategory(tx, id);
  const [after] = await tx.update(categories).set({ status }).where(eq(categories.id, id)).returning(adminColumns);
  return { before, after: after! };
}

/**
 * Puts the children of one parent in the given order (seq 1, 2, ...). The list must name every
 * child exactly once, so an order made from a stale tree is refused rather than half applied.
 */
export async function orderCategories(tx: Tx, parentId: number, ids: number[]): Promise<{ before: number[]; after: number[] }> {
  const siblings = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, PLATFORM), eq(categories.parentId, parentId)))
    .orderBy(asc(categories.seq), asc(categories.id))
    .for('update');
  const before = siblings.map((s) => s.id);
  if (before.length !== ids.length || !ids.every((id) => before.includes(id))) throw invalid('platformContent.errors.orderStale');
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
    sql` `,
  );
  await tx
    .update(categories)
    .set({ seq: sql`(case ${categories.id} ${cases} end)::int` })
    .where(inArray(categories.id, ids));
  return { before, after: ids };
}

/** Deletes a category without children or products (the products' foreign key is the last word). */
export async function deleteCategory(tx: Tx, id: number, productCount: ProductCount): Promise<CategoryState> {
  const before = await lockCategory(tx, id);
  const [children] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(eq(categories.parentId, id));
  if ((children?.n ?? 0) > 0) throw invalid('platformContent.errors.hasChildren', { count: children!.n });
  const [used] = await tx.select({ n: productCount(categories.id) }).from(categories).where(eq(categories.id, id));
  if ((used?.n ?? 0) > 0) throw invalid('platformContent.errors.hasProducts', { count: used!.n });
  try {
    // A savepoint, so a product added meanwhile fails only this statement and the message is ours.
    await tx.transaction((sp) => sp.delete(categories).where(eq(categories.id, id)));
  } catch (err) {
    if (foreignKeyViolation(err) !== null) throw invalid('platformContent.errors.inUse');
    throw err;
  }
  return before;
}

/** Drops the cached tree and home page here and, through Redis, on every other instance. */
export async function dropCategoryCaches(ctx: Pick<AppContext, 'caches'>): Promise<void> {
  await Promise.all([ctx.caches.invalidate(CATEGORY_CACHE), ctx.caches.invalidate(HOME_CACHE)]);
}

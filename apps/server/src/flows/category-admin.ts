// The platform category tree edited by staff (issue 10): the catalog module's rows, the product
// module's count of products per category (a category with products cannot be deleted), the
// upload module's check that an icon is a stored public image, and the audit log. Every change
// drops the storefront's tree and home page caches on every instance.
import type { AdminCategory, CategoryCreateInput, CategoryOrderInput, CategoryUpdateInput } from '@bazaar/shared/schemas/platform-content';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import * as admin from '../modules/catalog/category-admin.ts';
import { categoryProductCount } from '../modules/product/category-use.ts';
import { savedPublicPaths } from '../modules/upload/service.ts';
import { staffChange } from './staff-change.ts';

const UPLOADED = '/uploads/images/';

/** Images staff put on the site: an upload of theirs (a stored public file) or a demo picture. */
export async function checkSiteImages(ctx: AppContext, paths: Array<string | null | undefined>): Promise<void> {
  const uploaded = paths.filter((p): p is string => Boolean(p?.startsWith(UPLOADED)));
  const saved = await savedPublicPaths(ctx, uploaded);
  if (uploaded.some((p) => !saved.has(p))) throw invalid('platformContent.errors.image');
}

export function listCategories(ctx: AppContext): Promise<AdminCategory[]> {
  return admin.listCategoryTree(ctx.db, categoryProductCount);
}

const drop = (ctx: AppContext) => () => admin.dropCategoryCaches(ctx);
const withCount = (state: admin.CategoryState, productCount = 0): AdminCategory => ({ ...state, productCount });

export async function createCategory(ctx: AppContext, adminId: number, input: CategoryCreateInput): Promise<AdminCategory> {
  await checkSiteImages(ctx, [input.icon]);
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const row = await admin.createCategory(tx, input);
      return { result: withCount(row), action: 'category.create', targetType: 'category', targetId: row.categoryId, before: null, after: row };
    },
    drop(ctx),
  );
}

export async function updateCategory(ctx: AppContext, adminId: number, id: number, input: CategoryUpdateInput): Promise<AdminCategory> {
  await checkSiteImages(ctx, [input.icon]);
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await admin.updateCategory(tx, id, input);
      return { result: withCount(after), action: 'category.update', targetType: 'category', targetId: id, before, after };
    },
    drop(ctx),
  );
}

export function setCategoryStatus(ctx: AppContext, adminId: number, id: number, status: number): Promise<AdminCategory> {
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await admin.setCategoryStatus(tx, id, status);
      return { result: withCount(after), action: 'category.status', targetType: 'category', targetId: id, before: { status: before.status }, after: { status: after.status } };
    },
    drop(ctx),
  );
}

export function orderCategories(ctx: AppContext, adminId: number, input: CategoryOrderInput): Promise<void> {
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await admin.orderCategories(tx, input.parentId, input.ids);
      return { result: undefined, action: 'category.order', targetType: 'category', targetId: input.parentId, before: { order: before }, after: { order: after } };
    },
    drop(ctx),
  );
}

export function deleteCategory(ctx: AppContext, adminId: number, id: number): Promise<void> {
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const before = await admin.deleteCategory(tx, id, categoryProductCount);
      return { result: undefined, action: 'category.delete', targetType: 'category', targetId: id, before, after: null };
    },
    drop(ctx),
  );
}

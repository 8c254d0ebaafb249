// The product module's side of the merchant center (decision 027): a shop's product list, its
// products written with their SKUs, the shelf, and the platform's takedown. Every statement that
// a merchant's request reaches is filtered by the shop, so another shop's product answers as
// missing. The search document, the category checks and the caches are the flow's
// (flows/merchant-products.ts).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type MerchantProductQuery } from '@bazaar/shared/schemas/merchant-product';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { qualified } from '../../db/named-query.ts';
import { products, skus, type ProductSpec } from '../../db/schema/product.ts';
import { escapeLike } from '../../lib/sql-like.ts';


export interface ProductListFilter {
  /** Null: every shop (platform staff). */
  shopId: number | null;
  keyword?: string;
  status: MerchantProductQuery['status'];
  stock: MerchantProductQuery['stock'];
  /** Leaf categories to keep (a parent's subtree), or undefined for all. */
  categoryIds?: number[];
  shopCategoryId?: number;
}

// Correlated subqueries: both sides written with their tables (db/named-query.ts says why).
const lowStockSkus = sql<number>`(select count(*)::int from ${skus} where ${qualified(skus.productId)} = ${qualified(products.id)} and ${qualified(skus.status)} = ${SKU_STATUS.enabled} and ${qualified(skus.stocks)} between 0 and ${LOW_STOCK_THRESHOLD})`;
const enabledSkus = sql<number>`(select count(*)::int from ${skus} where ${qualified(skus.productId)} = ${qualified(products.id)} and ${qualified(skus.status)} = ${SKU_STATUS.enabled})`;

function listWhere(filter: ProductListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ne(products.status, PRODUCT_STATUS.deleted)];
  if (filter.shopId !== null) conditions.push(eq(products.shopId, filter.shopId));
  if (filter.status === 'onShelf') conditions.push(eq(products.status, PRODUCT_STATUS.onShelf));
  if (filter.status === 'offShelf') conditions.push(eq(products.status, PRODUCT_STATUS.offShelf), isNull(products.offenceReason));
  if (filter.status === 'takenDown') conditions.push(isNotNull(products.offenceReason));
  if (filter.stock === 'soldOut') conditions.push(eq(products.totalStocks, 0));
  if (filter.stock === 'inStock') conditions.push(ne(products.totalStocks, 0));
  if (filter.stock === 'low') conditions.push(sql`${lowStockSkus} > 0`);
  if (filter.categoryIds) conditions.push(filter.categoryIds.length ? inArray(products.categoryId, filter.categoryIds) : sql`false`);
  if (filter.shopCategoryId !== undefined) conditions.push(eq(products.shopCategoryId, filter.shopCategoryId));
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const byName = sql`${products.searchText} like ${`%${escapeLike(keyword)}%`}`;
    conditions.push(/^\d{1,9}$/.test(keyword) ? or(byName, eq(products.id, Number(keyword))) : byName);
  }
  return and(...conditions);
}

/** A page of products for the merchant's (one shop) or the platform's (every shop) list, newest change first. */
export async function pageProducts(db: Db, filter: ProductListFilter, current: number, size: number) {
  const where = listWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        shopId: products.shopId,
        nameZh: products.nameZh,
        nameEn: products.nameEn,
        pic: products.pic,
        price: products.price,
        oriPrice: products.oriPrice,
        totalStocks: products.totalStocks,
        soldNum: products.soldNum,
        status: products.status,
        mold: products.mold,
        categoryId: products.categoryId,
        shopCategoryId: products.shopCategoryId,
        offenceReason: products.offenceReason,
        offenceAt: products.offenceAt,
        updatedAt: products.updatedAt,
        skuCount: enabledSkus,
        lowStockSkus,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ProductListRow = Awaited<ReturnType<typeof pageProducts>>['rows'][number];

/** One of the shop's products (not deleted) with all its SKUs, disabled ones included; undefined otherwise. */
export async function findShopProduct(db: Db | Tx, shopId: number, prodId: number) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, prodId), eq(products.shopId, shopId), ne(products.status, PRODUCT_STATUS.deleted)));
  if (!product) return undefined;
  const skuRows = await db.select().from(skus).where(eq(skus.productId, prodId)).orderBy(asc(skus.id));
  return { product, skus: skuRows };
}
export type ShopProduct = NonNullable<Awaited<ReturnType<typeof findShopProduct>>>;

/** What a save writes: the product's own fields (the flow has checked and sanitized them). */
export interface ProductFields {
  nameZh: string;
  nameEn: string | null;
  briefZh: string | null;
  briefEn: string | null;
  contentZh: string | null;
  contentEn: string | null;
  categoryId: number;
  shopCategoryId: number | null;
  imgs: string[];
  mold: 0 | 1;
  specs: ProductSpec[];
}

/** One SKU of a save, keyed by its properties ('颜色:黑;容量:64G'). */
export interface SkuFields {
  properties: string;
  nameZh: string | null;
  nameEn: string | null;
  price: number;
  oriPrice: number;
  /** The opening stock; used only when the SKU is new. */
  stocks: number;
  code: string | null;
  /** Grams. */
  weight: number;
}

const productColumns = (fields: ProductFields) => ({
  nameZh: fields.nameZh,
  nameEn: fields.nameEn,
  briefZh: fields.briefZh,
  briefEn: fields.briefEn,
  contentZh: fields.contentZh,
  contentEn: fields.contentEn,
  categoryId: fields.categoryId,
  shopCategoryId: fields.shopCategoryId,
  pic: fields.imgs[0]!,
  imgs: fields.imgs,
  mold: fields.mold,
  // Virtual goods are delivered by codes and cannot be returned (decision 014).
  isRefund: fields.mold === 1 ? 0 : 1,
  specs: fields.specs,
});

/** The listed price is the cheapest SKU's, with that SKU's original price (never below it). */
function headline(skuList: SkuFields[]) {
  const cheapest = skuList.reduce((a, b) => (b.price < a.price ? b : a));
  return { price: cheapest.price, oriPrice: Math.max(cheapest.oriPrice, cheapest.price) };
}

/** Inserts a product and its SKUs; answers its id. */
export async function insertProduct(tx: Tx, shopId: number, fields: ProductFields, skuList: SkuFields[], onShelf: boolean, now: Date): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({
      shopId,
      ...productColumns(fields),
      ...headline(skuList),
      status: onShelf ? PRODUCT_STATUS.onShelf : PRODUCT_STATUS.offShelf,
      putawayTime: onShelf ? now : null,
      totalStocks: skuList.reduce((sum, s) => sum + s.stocks, 0),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  await tx.insert(skus).values(skuList.map((s) => ({ productId: row!.id, ...s, createdAt: now })));
  return row!.id;
}

/**
 * Rewrites a product and its SKUs. A combination already there keeps its SKU (its id, stock and
 * the orders naming it) and takes the new price, names and code; a new one gets a SKU with its
 * opening stock; a SKU whose combination is gone is disabled, never deleted. The SKUs are written
 * before the product row, the order a checkout locks them in, and the product's total is then
 * summed under the product's row lock, so a checkout running alongside is neither lost nor
 * counted twice. Answers false when the product is not the shop's.
 */
export async function updateProduct(tx: Tx, shopId: number, prodId: number, fields: ProductFields, skuList: SkuFields[], now: Date): Promise<boolean> {
  const [owned] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, prodId), eq(products.shopId, shopId), ne(products.status, PRODUCT_STATUS.deleted)));
  if (!owned) return false;
  // Two saves of one product take turns (a double click would otherwise add a combination twice);
  // an advisory lock, so the row locks stay in the order checkout takes them.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product-edit:${prodId}`}, 0))`);
  const existing = await tx.select({ id: skus.id, properties: skus.properties }).from(skus).where(eq(skus.productId, prodId)).orderBy(asc(skus.id));
  const byProperties = new Map(existing.map((s) => [s.properties, s.id]));
  const kept = new Set<number>();
  // Kept SKUs are written in id order, the order checkout locks them in.
  const keptList = skuList.flatMap((s) => {
    const skuId = byProperties.get(s.properties);
    return skuId === undefined ? [] : [{ s, skuId }];
  });
  keptList.sort((a, b) => a.skuId - b.skuId);
  for (const { s, skuId } of keptList) {
    kept.add(skuId);
    await tx
      .update(skus)
      .set({ nameZh: s.nameZh, nameEn: s.nameEn, price: s.price, oriPrice: s.oriPrice, code: s.code, weight: s.weight, status: SKU_STATUS.enabled, version: sql`${skus.version} + 1` })
      .where(eq(skus.id, skuId));
  }
  const gone = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.update(skus).set({ status: SKU_STATUS.disabled, version: sql`${skus.version} + 1` }).where(inArray(skus.id, gone));
  const added = skuList.filter((s) => !byProperties.has(s.properties));
  if (added.length) await tx.insert(skus).values(added.map((s) => ({ productId: prodId, ...s, createdAt: now })));
  await tx
    .update(products)
    .set({
      ...productColumns(fields),
      ...headline(skuList),
      totalStocks: sql`coalesce((select case when bool_or(s.stocks = -1) then -1 else sum(s.stocks)::int end from ${skus} s where s.product_id = ${qualified(products.id)} and s.status = ${SKU_STATUS.enabled}), 0)`,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(eq(products.id, prodId));
  return true;
}

/**
 * Puts the shop's products on or off the shelf in one conditional statement: on only from off,
 * while no takedown stands and an enabled SKU exists; off only from on. Answers the moved ids.
 */
export async function moveShelf(db: Db, shopId: number, prodIds: number[], onShelf: boolean, now: Date): Promise<number[]> {
  const moved = await db
    .update(products)
    .set({
      status: onShelf ? PRODUCT_STATUS.onShelf : PRODUCT_STATUS.offShelf,
      ...(onShelf ? { putawayTime: now } : {}),
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(products.shopId, shopId),
        inArray(products.id, prodIds),
        onShelf
          ? and(
              eq(products.status, PRODUCT_STATUS.offShelf),
              isNull(products.offenceReason),
              sql`exists (select 1 from ${skus} where ${qualified(skus.productId)} = ${qualified(products.id)} and ${qualified(skus.status)} = ${SKU_STATUS.enabled})`,
            )
          : eq(products.status, PRODUCT_STATUS.onShelf),
      ),
    )
    .returning({ id: products.id });
  return moved.map((r) => r.id);
}

/** Why each of these products of the shop is where it is (to explain a shelf move that did not happen). */
export async function shelfStates(db: Db, shopId: number, prodIds: number[]) {
  if (prodIds.length === 0) return [];
  return db
    .select({ id: products.id, status: products.status, offenceReason: products.offenceReason, skuCount: enabledSkus })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, prodIds), ne(products.status, PRODUCT_STATUS.deleted)));
}

// ---- The platform's takedown ----

/**
 * Takes a product off the shelf for a rule violation, conditionally: only one that is not deleted
 * and not already taken down. Answers its state before, or undefined when nothing moved.
 */
export async function takeDown(tx: Tx, prodId: number, reason: string, by: string, now: Date) {
  const result = await tx.execute<{ shop_id: number; before_status: number }>(sql`
    with before as (
      select id, status from ${products}
      where id = ${prodId} and status <> ${PRODUCT_STATUS.deleted} and offence_reason is null
      for update
    )
    update ${products} p set status = ${PRODUCT_STATUS.offShelf}, offence_reason = ${reason}, offence_at = ${now.toISOString()}::timestamptz,
      offence_by = ${by}, version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from before b where p.id = b.id
    returning p.shop_id, b.status as before_status`);
  const row = result.rows[0];
  return row ? { shopId: Number(row.shop_id), beforeStatus: Number(row.before_status) } : undefined;
}

/** Lifts a takedown (the product stays off the shelf until its merchant puts it back). Answers the reason lifted. */
export async function liftTakedown(tx: Tx, prodId: number, now: Date) {
  const result = await tx.execute<{ shop_id: number; reason: string }>(sql`
    with before as (
      select id, offence_reason from ${products}
      where id = ${prodId} and status <> ${PRODUCT_STATUS.deleted} and offence_reason is not null
      for update
    )
    update ${products} p set offence_reason = null, offence_at = null, offence_by = null, version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from before b where p.id = b.id
    returning p.shop_id, b.offence_reason as reason`);
  const row = result.rows[0];
  return row ? { shopId: Number(row.shop_id), reason: row.reason } : undefined;
}

/** A product of any shop for staff (exists and not deleted), with its shelf and takedown state. */
export async function findAnyProduct(db: Db | Tx, prodId: number) {
  const [row] = await db
    .select({ id: products.id, shopId: products.shopId, status: products.status, offenceReason: products.offenceReason })
    .from(products)
    .where(and(eq(products.id, prodId), ne(products.status, PRODUCT_STATUS.deleted)));
  return row;
}

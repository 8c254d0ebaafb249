// The home page's carousel (banners, shop_id 0) as platform staff edit it (issue 9): every slide,
// hidden ones too, and the writes. Each write takes the transaction of its flow
// (flows/banner-admin.ts), which records the change in the audit log and drops the storefront's
// cached home page on every instance. Shop carousels are the shops' own.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminBanner, BannerInput } from '@bazaar/shared/schemas/platform-banners';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Db, Tx } from '../../db/client.ts';
import { banners } from '../../db/schema/catalog.ts';
import { invalid } from '../../lib/app-error.ts';
import type { CatalogParts } from './repository.ts';

const PLATFORM = 0;
const SHOWN = 1;
const HIDDEN = 0;

type BannerRow = typeof banners.$inferSelect;

/** The audit log's view of a slide. */
export function bannerAuditState(row: BannerRow): Record<string, unknown> {
  return { img: row.img, imgEn: row.imgEn, titleZh: row.titleZh, titleEn: row.titleEn, prodId: row.productId, seq: row.seq, status: row.status };
}

/**
 * Every home slide in display order, with the name of the product it opens when shoppers can
 * open it (on the shelf in an open shop: the parts the storefront's carousel joins).
 */
export async function listHomeBanners(db: Db, lang: Language, parts: Pick<CatalogParts, 'onShelfProductCard' | 'openShopCard'>): Promise<AdminBanner[]> {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  const rows = await db
    .select({
      row: banners,
      nameZh: sql<string | null>`case when ${shop.shopId} is not null then ${product.nameZh} end`,
      nameEn: sql<string | null>`case when ${shop.shopId} is not null then ${product.nameEn} end`,
    })
    .from(banners)
    .leftJoin(product, eq(product.prodId, banners.productId))
    .leftJoin(shop, eq(shop.shopId, product.shopId))
    .where(eq(banners.shopId, PLATFORM))
    .orderBy(asc(banners.seq), asc(banners.id));
  return rows.map(({ row, nameZh, nameEn }) => ({
    id: row.id,
    img: row.img,
    imgEn: row.imgEn,
    titleZh: row.titleZh ?? '',
    titleEn: row.titleEn,
    prodId: row.productId,
    prodName: nameZh === null ? null : lang === 'en' && nameEn ? nameEn : nameZh,
    prodOnSale: nameZh !== null,
    seq: row.seq,
    enabled: row.status === SHOWN,
  }));
}

/** One home slide, locked for the rest of the transaction. */
async function lockBanner(tx: Tx, id: number): Promise<BannerRow> {
  const [row] = await tx
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.shopId, PLATFORM)))
    .for('update');
  if (!row) throw invalid('platformBanners.errors.notFound');
  return row;
}

const fields = (input: BannerInput) => ({
  img: input.img,
  imgEn: input.imgEn,
  titleZh: input.titleZh,
  titleEn: input.titleEn,
  productId: input.prodId,
  seq: input.seq,
  status: input.enabled ? SHOWN : HIDDEN,
});

export async function createHomeBanner(tx: Tx, input: BannerInput, now: Date): Promise<BannerRow> {
  const [row] = await tx
    .insert(banners)
    .values({ shopId: PLATFORM, ...fields(input), createdAt: now })
    .returning();
  if (!row) throw new Error('banner insert returned nothing');
  return row;
}

type Change = { before: BannerRow; after: BannerRow };

async function change(tx: Tx, id: number, set: Partial<typeof banners.$inferInsert>): Promise<Change> {
  const before = await lockBanner(tx, id);
  const [after] = await tx.update(banners).set(set).where(eq(banners.id, id)).returning();
  return { before, after: after! };
}

export function updateHomeBanner(tx: Tx, id: number, input: BannerInput): Promise<Change> {
  return change(tx, id, fields(input));
}

export function setHomeBannerStatus(tx: Tx, id: number, enabled: boolean): Promise<Change> {
  return change(tx, id, { status: enabled ? SHOWN : HIDDEN });
}

export async function deleteHomeBanner(tx: Tx, id: number): Promise<BannerRow> {
  const before = await lockBanner(tx, id);
  await tx.delete(banners).where(eq(banners.id, id));
  return before;
}

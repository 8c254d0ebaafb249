// The home page's carousel as platform staff edit it (issue 9): each slide has a picture per
// language (its headline is drawn in), a headline text in both languages that is the picture's
// text alternative, the product it opens, its order and whether it is shown. One schema per
// payload, used by the API and the console; each message is an i18n key (platformBanners.errors.*).
import { z } from 'zod';
import { SITE_IMAGE_PATTERN } from './platform-content.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
const E = 'platformBanners.errors';

export const BANNER_TITLE_ZH_MAX = 100;
export const BANNER_TITLE_EN_MAX = 200;
export const BANNER_SEQ_MAX = 9999;

const picture = (message: string) => z.string({ error: message }).regex(SITE_IMAGE_PATTERN, message);
const title = (missing: string, tooLong: string, max: number) => textInput(missing).trim().min(1, missing).max(max, tooLong);

/** POST /admin/banners and PUT /admin/banners/:id. */
export const BannerInputSchema = z.object({
  /** The picture Chinese pages show (and every page when there is no English one). */
  img: picture(`${E}.imgRequired`),
  /** The picture English pages show; null: the Chinese one. */
  imgEn: picture(`${E}.image`).nullable().default(null),
  /** The headline in each language: the slide's text alternative on the storefront. */
  titleZh: title(`${E}.titleZhRequired`, `${E}.titleZhTooLong`, BANNER_TITLE_ZH_MAX),
  titleEn: title(`${E}.titleEnRequired`, `${E}.titleEnTooLong`, BANNER_TITLE_EN_MAX),
  /** The product the slide opens; null: none. */
  prodId: z.number(`${E}.product`).int(`${E}.product`).min(1, `${E}.product`).max(INT_MAX, `${E}.product`).nullable().default(null),
  /** Smaller first. */
  seq: z.number(`${E}.seq`).int(`${E}.seq`).min(0, `${E}.seq`).max(BANNER_SEQ_MAX, `${E}.seq`).default(0),
  enabled: z.boolean(`${E}.enabled`).default(true),
});
export type BannerInput = z.infer<typeof BannerInputSchema>;

/** PUT /admin/banners/:id/status: show or hide a slide. */
export const BannerStatusSchema = z.object({ enabled: z.boolean(`${E}.enabled`) });

/** A home slide in the console, hidden ones too, with the product it opens. */
export const AdminBannerSchema = z.object({
  id: z.number().int(),
  img: z.string(),
  imgEn: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string().nullable(),
  prodId: z.number().int().nullable(),
  /** The product's name in the reader's language; null when it is gone. */
  prodName: z.string().nullable(),
  /** Whether shoppers can open it now (on the shelf in an open shop): otherwise the slide shows without a link. */
  prodOnSale: z.boolean(),
  seq: z.number().int(),
  enabled: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

/** The audit log's actions of the banners page. */
export const BANNER_AUDIT_ACTIONS = ['banner.create', 'banner.update', 'banner.status', 'banner.delete'] as const;

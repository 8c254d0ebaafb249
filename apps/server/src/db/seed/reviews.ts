// Demo product reviews from the demo shoppers: deterministic, mostly happy, some middling and a
// few unhappy ones (with the shop's reply), some with 1-3 pictures, some anonymous. Chinese
// shoppers write in Chinese, Lily Chen (buyer02) in English.
import { asc, count, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { products, reviews, skus, users } from '../schema.ts';
import { evaluateOf } from '../../modules/review/service.ts';
import { createPrng } from './prng.ts';
import { DAY_MS, DEMO_USERS } from './site-data.ts';

/** Reviews go to the first products of the demo catalogue. */
const REVIEWED_PRODUCTS = 456;
const ENGLISH_WRITERS = new Set(['buyer02']);

type Texts = Record<0 | 1 | 2, string[]>;
const ZH: Texts = {
  0: [
    '质量很好，做工精细，和描述的一模一样，物流也很快，第二天就到了。',
    '已经是第二次回购了，一如既往的好用，推荐给身边的朋友了。',
    '包装很用心，没有任何磕碰，客服回复及时，非常满意的一次购物。',
    '性价比很高，活动价入手很划算，用了一周感觉不错。',
    '颜色很正，实物比图片还好看，家里人都说买得值。',
    '发货速度快，商品是正品，细节处理得很到位，五星好评。',
    '尺寸合适，手感很好，比想象中的还要好，下次还会再来。',
    '店家很贴心，附赠了小礼物，东西也很好用，点赞！',
  ],
  1: [
    '整体还行，和图片有一点色差，能接受。',
    '东西中规中矩，物流稍微慢了一点，等了四天才到。',
    '用起来还可以，就是包装有点简陋，希望改进。',
    '价格不算便宜，质量一般般吧，凑合着用。',
  ],
  2: [
    '收到时外包装破损，商品有划痕，联系客服处理中。',
    '和描述不太一样，做工比较粗糙，有点失望。',
    '用了两天就出问题了，希望商家重视质量。',
  ],
};
const EN: Texts = {
  0: [
    'Excellent quality and exactly as described. Delivery took just two days.',
    'My second order from this store and still very happy. Well made and well packed.',
    'Great value for the price. I have used it every day for a week and it works perfectly.',
    'Looks even better in person. The colour is lovely and the finish is neat.',
    'Fast shipping, genuine product and friendly customer service. Five stars.',
    'Fits perfectly and feels solid. I would definitely buy again.',
  ],
  1: [
    'It is fine overall, though the colour is a little different from the photos.',
    'Decent product, but delivery was slower than expected.',
    'Works as expected. The packaging could be better.',
  ],
  2: [
    'The box arrived damaged and the item has scratches. Waiting for the seller to help.',
    'Not as described and the build quality is poor. Disappointed.',
  ],
};
const REPLY_ZH = {
  good: '感谢您的支持与认可，期待您的再次光临！',
  bad: '非常抱歉给您带来不好的体验，客服已联系您处理，我们会持续改进。',
};
const REPLY_EN = {
  good: 'Thank you for your support. We look forward to serving you again!',
  bad: 'We are sorry for the trouble. Our service team has contacted you and we will keep improving.',
};

const scoreFor = (roll: number) => (roll < 0.62 ? 5 : roll < 0.82 ? 4 : roll < 0.91 ? 3 : roll < 0.96 ? 2 : 1);

interface PlannedReview {
  n: number;
  userIndex: number;
  score: number;
  content: string;
  english: boolean;
  pictures: number;
  isAnonymous: boolean;
  daysAgo: number;
  seconds: number;
  sku: number;
  reply: boolean;
}

/** Who reviews product n (1-based, in id order) and how; the same every run. */
function planReviews(n: number, skuCount: number): PlannedReview[] {
  const prng = createPrng(n * 104_729 + 7);
  if (prng.chance(0.2)) return [];
  const reviewers = DEMO_USERS.map((_, i) => i).sort(() => prng.next() - 0.5).slice(0, prng.int(1, DEMO_USERS.length));
  return reviewers.map((userIndex) => {
    const score = scoreFor(prng.next());
    const evaluate = evaluateOf(score);
    const english = ENGLISH_WRITERS.has(DEMO_USERS[userIndex]?.userName ?? '');
    return {
      n,
      userIndex,
      score,
      content: prng.pick((english ? EN : ZH)[evaluate]),
      english,
      pictures: prng.chance(0.3) ? prng.int(1, 3) : 0,
      isAnonymous: prng.chance(0.15),
      daysAgo: prng.int(0, 120),
      seconds: prng.int(0, 86_399),
      sku: prng.int(0, Math.max(0, skuCount - 1)),
      reply: evaluate === 2 ? prng.chance(0.8) : prng.chance(0.15),
    };
  });
}

/**
 * Writes the demo reviews once (nothing when any review exists), dated up to 120 days before the
 * seed. Shoppers' photos are the product's own gallery shots after the first (the demo has no
 * other photos of the goods).
 */
export async function seedReviews(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(reviews);
  if ((existing?.n ?? 0) > 0) return;
  const productRows = await db.select({ id: products.id, shopId: products.shopId, imgs: products.imgs }).from(products).orderBy(asc(products.id)).limit(REVIEWED_PRODUCTS);
  if (productRows.length === 0) return;
  const skuRows = await db
    .select({ productId: skus.productId, nameZh: skus.nameZh, nameEn: skus.nameEn })
    .from(skus)
    .where(inArray(skus.productId, productRows.map((p) => p.id)))
    .orderBy(asc(skus.id));
  const skusByProduct = new Map<number, { nameZh: string | null; nameEn: string | null }[]>();
  for (const s of skuRows) skusByProduct.set(s.productId, [...(skusByProduct.get(s.productId) ?? []), s]);
  const plans = productRows.map((p, i) => ({ product: p, plan: planReviews(i + 1, skusByProduct.get(p.id)?.length ?? 0) }));


  const userRows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, DEMO_USERS.map((u) => u.userName)));
  const userIds = new Map(userRows.map((u) => [u.userName, u.id]));
  const rows = plans.flatMap(({ product, plan }) =>
    plan.flatMap((r) => {
      const userId = userIds.get(DEMO_USERS[r.userIndex]?.userName ?? '');
      if (!userId) return [];
      const sku = skusByProduct.get(product.id)?.[r.sku];
      const createdAt = new Date(now.getTime() - r.daysAgo * DAY_MS - r.seconds * 1000);
      const evaluate = evaluateOf(r.score);
      const replies = r.english ? REPLY_EN : REPLY_ZH;
      return [
        {
          productId: product.id,
          userId,
          shopId: product.shopId,
          skuNameZh: sku?.nameZh ?? null,
          skuNameEn: sku?.nameEn ?? null,
          score: r.score,
          evaluate,
          content: r.content,
          pics: (product.imgs ?? []).slice(1, 1 + r.pictures),
          isAnonymous: r.isAnonymous,
          replyContent: r.reply ? (evaluate === 2 ? replies.bad : replies.good) : null,
          replyTime: r.reply ? new Date(createdAt.getTime() + 6 * 3_600_000) : null,
          createdAt,
        },
      ];
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(reviews).values(rows.slice(i, i + 500));
}

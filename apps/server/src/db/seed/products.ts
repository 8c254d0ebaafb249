// Turns the catalogue definition into products and SKUs, deterministically from a product number.
import { detailPicture, productShots, type Picture } from './art.ts';
import { CATEGORY_TREE, type Bi, type ItemDef, type LeafDef } from './catalog-data.ts';
import { seedImagePath } from './images.ts';
import { createPrng } from './prng.ts';
import { DAY_MS, type ShopDef } from './site-data.ts';

export interface Leaf {
  def: LeafDef;
  top: number;
  /** "top-mid-leaf" indexes, stable across runs; names picture files. */
  path: string;
  pitch: Bi[];
  hue: number;
  /** Every (brand, item) pair the leaf sells, brands taking turns. */
  pairs: [number, number][];
}

export const TOP_HUES = [210, 170, 20, 300, 340, 40, 30, 120];

/** The (brand, item) pairs of a leaf in the order products take them: each brand's k-th line, then the (k+1)-th. */
function pairsOf(def: LeafDef): [number, number][] {
  const perBrand = def.brands.map((_, b) => def.items.flatMap((item, i) => (!item.brands || item.brands.includes(b) ? [i] : [])));
  const pairs: [number, number][] = [];
  for (let k = 0; k < Math.max(...perBrand.map((l) => l.length)); k++) {
    perBrand.forEach((list, b) => {
      const i = list[k];
      if (i !== undefined) pairs.push([b, i]);
    });
  }
  return pairs;
}

let leavesCache: Leaf[] | undefined;
export function listLeaves(): Leaf[] {
  if (leavesCache) return leavesCache;
  const leaves: Leaf[] = [];
  CATEGORY_TREE.forEach((top, ti) =>
    top.children.forEach((mid, mi) =>
      mid.children.forEach((def, li) =>
        leaves.push({ def, top: ti, path: `${ti}-${mi}-${li}`, pitch: top.pitch, hue: TOP_HUES[ti % TOP_HUES.length] ?? 0, pairs: pairsOf(def) }),
      ),
    ),
  );
  leavesCache = leaves;
  return leaves;
}

/** Whether a shop sells a leaf (its `sells` prefixes; none = everything). */
export function shopSells(shop: ShopDef, leaf: Leaf): boolean {
  return shop.sells.length === 0 || shop.sells.some((p) => leaf.path === p || leaf.path.startsWith(`${p}-`));
}

/** Only catalogues scaled far past the demo (benchmarks) need these, once every shop of a leaf sells every line. */
const SERIES: Bi[] = [
  { zh: '', en: '' },
  { zh: ' 经典款', en: ' Classic' },
  { zh: ' 礼盒装', en: ' Gift Box' },
  { zh: ' 限定款', en: ' Limited Edition' },
  { zh: ' 升级款', en: ' Upgraded' },
];

export interface GeneratedSku {
  properties: string;
  nameZh: string;
  nameEn: string;
  price: number;
  oriPrice: number;
  stocks: number;
}

export interface GeneratedProduct {
  n: number;
  leaf: Leaf;
  shopIndex: number;
  shopCategoryIndex: number;
  nameZh: string;
  nameEn: string;
  briefZh: string;
  briefEn: string;
  contentZh: string;
  contentEn: string;
  pic: string;
  imgs: string[];
  price: number;
  oriPrice: number;
  mold: number;
  status: number;
  soldNum: number;
  totalStocks: number;
  createdAt: Date;
  skus: GeneratedSku[];
  /** Picture key of this product's line (leaf, brand and item): the same line in several shops shares its pictures. */
  pictureKey: string;
}

/** ¥5,899.00, as the storefront writes prices. */
const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const lineArt = new Map<string, { shots: Picture[]; detail: Picture }>();
const leafDetail = new Map<string, Picture>();
/** Tops whose goods come in colours (not food, whose colour is what it is). */
const UNCOLOURED_TOPS = new Set([5]);
/** Colour turns (degrees) the lines of a leaf take in turn; 0 keeps the picture's own colours. */
const TINTS = [0, 200, 140, 320, 40, 260, 90];

/**
 * The gallery shots of one brand's product line (leaf + brand + item) and the detail picture of
 * its leaf (with the selling points drawn in; one per leaf keeps the rendering at seed time
 * short), drawn once per process. Lines of one kind differ in staging, colour, background and the
 * maker's name on the label, so the phones of a search are told apart at a glance.
 */
export function linePictures(leaf: Leaf, brandIndex: number, itemIndex: number): { shots: Picture[]; detail: Picture } {
  const key = `${leaf.path}-${brandIndex}-${itemIndex}`;
  const cached = lineArt.get(key);
  if (cached) return cached;
  const item = leaf.def.items[itemIndex] as ItemDef;
  const brand = leaf.def.brands[brandIndex] as Bi;
  const emojiName = item.emoji ?? leaf.def.emoji;
  // The k-th pair of the leaf: consecutive lines get a different staging, colour and background.
  // Sister leaves (phones and phone cases) start at different places.
  const k = Math.max(0, leaf.pairs.findIndex(([b, i]) => b === brandIndex && i === itemIndex)) + Number(leaf.path.split('-')[2] ?? 0) * 2;
  const hue = (leaf.hue + k * 47 + brandIndex * 23) % 360;
  const recolour = !UNCOLOURED_TOPS.has(leaf.top);
  const companion = emojiName === 'wrapped-gift' ? 'shopping-bags' : leaf.top === 6 ? 'bookmark' : 'wrapped-gift';
  const art = {
    shots: productShots({
      stem: `p-${key}`,
      emoji: emojiName,
      hue,
      companion,
      badge: leaf.pitch[itemIndex % leaf.pitch.length] as Bi,
      brand: brand.en,
      layout: k % 4,
      tint: recolour ? (TINTS[(k + brandIndex) % TINTS.length] ?? 0) : 0,
      recolour,
    }),
    detail:
      leafDetail.get(leaf.path) ??
      detailPicture(`d-${leaf.path}`, { emoji: leaf.def.emoji, hue: leaf.hue, title: leaf.def.name, points: leaf.pitch.slice(0, 3) }),
  };
  leafDetail.set(leaf.path, art.detail);
  lineArt.set(key, art);
  return art;
}

/** Product n (1-based). Leaves are taken round-robin so every category fills evenly. */
export function generateProduct(n: number, leaves: Leaf[], shops: ShopDef[], epoch: Date = new Date()): GeneratedProduct {
  const prng = createPrng(n * 7919 + 17);
  const leaf = leaves[(n - 1) % leaves.length] as Leaf;
  const { def } = leaf;
  const round = Math.floor((n - 1) / leaves.length);
  const [brandIndex, itemIndex] = leaf.pairs[round % leaf.pairs.length] as [number, number];
  const cycle = Math.floor(round / leaf.pairs.length);
  const brand = def.brands[brandIndex] as Bi;
  const item = def.items[itemIndex] as ItemDef;

  // The shop: one that sells this leaf, weighted. A line met again (the catalogue is larger than
  // the leaf's lines) goes to the next shop that sells the leaf, as a mall has the same phone in
  // several shops; only once every such shop has it does a series name tell the products apart.
  const candidates = shops.map((s, i) => ({ s, i })).filter(({ s }) => s.weight > 0 && shopSells(s, leaf));
  const totalWeight = candidates.reduce((sum, c) => sum + c.s.weight, 0);
  // The roll depends on the line, not the product, so later cycles move on to shops without it.
  let roll = createPrng(((n - 1) % leaves.length) * 1009 + (round % leaf.pairs.length) * 31 + 5).next() * totalWeight;
  let first = 0;
  for (const [k, c] of candidates.entries()) {
    roll -= c.s.weight;
    if (roll < 0) {
      first = k;
      break;
    }
  }
  const chosen = candidates[(first + cycle) % candidates.length] as { s: ShopDef; i: number };
  const shop = chosen.s;
  const generation = Math.floor(cycle / candidates.length);
  const series = SERIES[generation % SERIES.length] as Bi;
  const edition = Math.floor(generation / SERIES.length);
  const suffixZh = series.zh + (edition > 0 ? ` 第${edition + 1}批` : '');
  const suffixEn = series.en + (edition > 0 ? ` Batch ${edition + 1}` : '');
  // "黄山 黄山毛峰" reads as a stutter: a line that names its brand goes without the prefix.
  const nameZh = `${item.zh.startsWith(brand.zh) ? '' : `${brand.zh} `}${item.zh}${suffixZh}`;
  const nameEn = `${item.en.startsWith(brand.en) ? '' : `${brand.en} `}${item.en}${suffixEn}`;

  const [lo, hi] = item.price ?? def.price;
  // Shop prices: ¥6,499, ¥1,299, ¥269, ¥29.9.
  const raw = lo + prng.next() ** 2 * (hi - lo);
  const step = raw >= 1000 ? 100 : raw >= 100 ? 10 : 1;
  const basePrice = Math.max(990, Math.round((Math.round(raw / step) * step - (step === 1 ? 0.1 : 1)) * 100));
  const mold = def.mold ?? 0;

  // SKUs: the first dimension gives up to 3 values, the second up to 2.
  const dims = def.specs.slice(0, 2).map((d, di) => {
    const count = Math.min(d.values.length, di === 0 ? prng.int(2, 3) : 2);
    const start = prng.int(0, d.values.length - count);
    return { d, values: d.values.slice(start, start + count).map((v, k) => ({ v, k })) };
  });
  let combosOfValues: { zh: string[]; en: string[]; extra: number; factor: number }[] = [{ zh: [], en: [], extra: 0, factor: 1 }];
  for (const { d, values } of dims) {
    combosOfValues = combosOfValues.flatMap((c) =>
      values.map(({ v, k }) => ({
        zh: [...c.zh, `${d.name.zh}:${v.zh}`],
        en: [...c.en, `${d.name.en}: ${v.en}`],
        extra: c.extra + (d.step ?? 0) * k,
        // Factors apply to the value's place in the whole list (a year is a year whichever terms are sold).
        factor: c.factor * (d.factors?.[d.values.indexOf(v)] ?? 1),
      })),
    );
  }
  const markup = 1.1 + prng.next() * 0.4;
  // A few products are sold out altogether, more have a sold-out variant.
  const soldOut = mold === 0 && prng.chance(0.04);
  const skus: GeneratedSku[] = combosOfValues.map((c) => {
    const price = c.factor === 1 ? basePrice + c.extra : Math.round((basePrice * c.factor) / 100) * 100 + c.extra;
    const stocks = mold === 1 ? -1 : soldOut || prng.chance(0.08) ? 0 : prng.int(5, 800);
    return {
      properties: c.zh.join(';'),
      nameZh: c.zh.map((p) => p.split(':')[1]).join(' '),
      nameEn: c.en.map((p) => p.split(': ')[1]).join(' / '),
      price,
      oriPrice: Math.round((price * markup) / 100) * 100,
      stocks,
    };
  });
  const price = Math.min(...skus.map((s) => s.price));
  const oriPrice = Math.min(...skus.map((s) => s.oriPrice));
  const totalStocks = skus.some((s) => s.stocks === -1) ? -1 : skus.reduce((sum, s) => sum + s.stocks, 0);

  const pitches = [...leaf.pitch].sort(() => prng.next() - 0.5).slice(0, 3);
  const briefZh = `${item.zh}，${pitches.slice(0, 2).map((p) => p.zh).join('，')}`;
  const briefEn = `${item.en}. ${pitches.slice(0, 2).map((p) => p.en).join('. ')}.`;
  const pictureKey = `${leaf.path}-${brandIndex}-${itemIndex}`;
  const art = linePictures(leaf, brandIndex, itemIndex);
  const specRows = (lang: 'zh' | 'en') =>
    dims.map(({ d, values }) => `<tr><th>${d.name[lang]}</th><td>${values.map(({ v }) => v[lang]).join(lang === 'zh' ? '、' : ', ')}</td></tr>`).join('');
  const contentZh =
    `<h2>${nameZh}</h2><p>${briefZh}。</p><ul>${pitches.map((p) => `<li>${p.zh}</li>`).join('')}</ul>` +
    `<table class="spec"><tr><th>品牌</th><td>${brand.zh}</td></tr><tr><th>品类</th><td>${def.name.zh}</td></tr>${specRows('zh')}` +
    `<tr><th>参考价</th><td>¥${yuan(price)} 起</td></tr></table>` +
    `<p><img src="${seedImagePath(art.detail.file)}" alt="${item.zh}"></p><p>发货地：${shop.province}${shop.city === shop.province ? '' : shop.city}。${mold === 1 ? '虚拟商品，付款后自动发放兑换码，不支持退款。' : '支持 7 天无理由退货。'}</p>`;
  const contentEn =
    `<h2>${nameEn}</h2><p>${briefEn}</p><ul>${pitches.map((p) => `<li>${p.en}</li>`).join('')}</ul>` +
    `<table class="spec"><tr><th>Brand</th><td>${brand.en}</td></tr><tr><th>Category</th><td>${def.name.en}</td></tr>${specRows('en')}` +
    `<tr><th>From</th><td>¥${yuan(price)}</td></tr></table>` +
    `<p><img src="${seedImagePath(art.detail.file)}" alt="${item.en}"></p><p>${mold === 1 ? 'Virtual goods: the redemption code is issued on payment and cannot be refunded.' : '7-day no-reason returns.'}</p>`;

  const open = shop.status === 1;
  return {
    n,
    leaf,
    shopIndex: chosen.i,
    shopCategoryIndex: prng.int(0, Math.max(0, shop.shopCategories.length - 1)),
    nameZh,
    nameEn,
    briefZh,
    briefEn,
    contentZh,
    contentEn,
    pic: seedImagePath(art.shots[0]?.file ?? ''),
    imgs: art.shots.map((p) => seedImagePath(p.file)),
    price,
    oriPrice,
    mold,
    status: open ? (prng.chance(0.03) ? 0 : 1) : 0,
    soldNum: Math.floor(prng.next() ** 3 * 20_000),
    totalStocks,
    createdAt: new Date(epoch.getTime() - prng.int(0, 365) * DAY_MS - prng.int(0, 86_399) * 1000),
    skus,
    pictureKey,
  };
}

/** The pictures of a product's line: four gallery shots and the detail picture. */
export function productPictures(p: GeneratedProduct): Picture[] {
  const [, , , b = '0', i = '0'] = p.pictureKey.split('-');
  const art = linePictures(p.leaf, Number(b), Number(i));
  return [...art.shots, art.detail];
}

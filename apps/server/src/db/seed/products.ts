// Turns the catalogue definition into products and SKUs, deterministically from a product number.
import { CATEGORY_TREE, type Bi, type LeafDef } from './catalog-data.ts';
import { createPrng } from './prng.ts';
import { DAY_MS, SEED_EPOCH, type ShopDef } from './site-data.ts';
import { drawPicture, seedImagePath, type Picture } from './images.ts';

export interface Leaf {
  def: LeafDef;
  top: number;
  /** "top-mid-leaf" indexes, stable across runs; names picture files. */
  path: string;
  pitch: Bi[];
  hue: number;
}

export const TOP_HUES = [210, 170, 20, 300, 340, 40, 30, 120];

export function listLeaves(): Leaf[] {
  const leaves: Leaf[] = [];
  CATEGORY_TREE.forEach((top, ti) =>
    top.children.forEach((mid, mi) =>
      mid.children.forEach((def, li) =>
        leaves.push({ def, top: ti, path: `${ti}-${mi}-${li}`, pitch: top.pitch, hue: TOP_HUES[ti % TOP_HUES.length] ?? 0 }),
      ),
    ),
  );
  return leaves;
}

const SERIES: Bi[] = [
  { zh: '', en: '' },
  { zh: ' Pro', en: ' Pro' },
  { zh: ' 2026款', en: ' 2026 Edition' },
  { zh: ' 经典款', en: ' Classic' },
  { zh: ' 礼盒装', en: ' Gift Box' },
  { zh: ' Max', en: ' Max' },
  { zh: ' 青春版', en: ' Youth Edition' },
  { zh: ' 限定款', en: ' Limited Edition' },
  { zh: ' Plus', en: ' Plus' },
  { zh: ' Lite', en: ' Lite' },
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
  /** Picture files this product needs (shared by products of the same brand and item). */
  pictureKey: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

function pictureFiles(key: string) {
  return { main: `p-${key}.svg`, detail: `d-${key}.svg` };
}

/** Product n (1-based). Leaves are taken round-robin so every category fills evenly. */
export function generateProduct(n: number, leaves: Leaf[], shops: ShopDef[]): GeneratedProduct {
  const prng = createPrng(n * 7919 + 17);
  const leaf = leaves[(n - 1) % leaves.length] as Leaf;
  const { def } = leaf;
  const round = Math.floor((n - 1) / leaves.length);
  const combos = def.brands.length * def.items.length;
  const brandIndex = round % def.brands.length;
  const itemIndex = Math.floor(round / def.brands.length) % def.items.length;
  const series = SERIES[Math.floor(round / combos) % SERIES.length] as Bi;
  const generation = Math.floor(round / (combos * SERIES.length));
  const brand = def.brands[brandIndex] as Bi;
  const item = def.items[itemIndex] as Bi;
  const suffixZh = series.zh + (generation > 0 ? ` 第${generation + 1}代` : '');
  const suffixEn = series.en + (generation > 0 ? ` Gen ${generation + 1}` : '');
  const nameZh = `${brand.zh} ${item.zh}${suffixZh}`;
  const nameEn = `${brand.en} ${item.en}${suffixEn}`;

  // The shop: one that sells this top category, weighted; open shops take almost everything.
  const candidates = shops
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.weight > 0 && (s.tops.length === 0 || s.tops.includes(leaf.top)));
  const totalWeight = candidates.reduce((sum, c) => sum + c.s.weight, 0);
  let roll = prng.next() * totalWeight;
  let chosen = candidates[0] as { s: ShopDef; i: number };
  for (const c of candidates) {
    roll -= c.s.weight;
    if (roll < 0) {
      chosen = c;
      break;
    }
  }
  const shop = chosen.s;

  const [lo, hi] = def.price;
  const basePrice = Math.max(1, Math.round((lo + prng.next() ** 2 * (hi - lo)) / 10) * 10 - 1) * 100;
  const mold = def.mold ?? 0;

  // SKUs: the first dimension gives up to 3 values, the second up to 2.
  const dims = def.specs.slice(0, 2).map((d, di) => {
    const count = Math.min(d.values.length, di === 0 ? prng.int(2, 3) : 2);
    const start = prng.int(0, d.values.length - count);
    return { d, values: d.values.slice(start, start + count).map((v, k) => ({ v, k })) };
  });
  let combosOfValues: { zh: string[]; en: string[]; extra: number }[] = [{ zh: [], en: [], extra: 0 }];
  for (const { d, values } of dims) {
    combosOfValues = combosOfValues.flatMap((c) =>
      values.map(({ v, k }) => ({
        zh: [...c.zh, `${d.name.zh}:${v.zh}`],
        en: [...c.en, `${d.name.en}: ${v.en}`],
        extra: c.extra + (d.step ?? 0) * k,
      })),
    );
  }
  const markup = 1.1 + prng.next() * 0.4;
  const skus: GeneratedSku[] = combosOfValues.map((c) => {
    const price = basePrice + c.extra;
    const stocks = mold === 1 ? -1 : prng.chance(0.08) ? 0 : prng.int(5, 800);
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
  const files = pictureFiles(pictureKey);
  const specRows = (lang: 'zh' | 'en') =>
    dims.map(({ d, values }) => `<tr><th>${d.name[lang]}</th><td>${values.map(({ v }) => v[lang]).join(lang === 'zh' ? '、' : ', ')}</td></tr>`).join('');
  const contentZh =
    `<h2>${nameZh}</h2><p>${briefZh}。</p><ul>${pitches.map((p) => `<li>${p.zh}</li>`).join('')}</ul>` +
    `<table class="spec"><tr><th>品牌</th><td>${brand.zh}</td></tr><tr><th>品类</th><td>${def.name.zh}</td></tr>${specRows('zh')}` +
    `<tr><th>参考价</th><td>¥${yuan(price)} 起</td></tr></table>` +
    `<p><img src="${seedImagePath(files.detail)}" alt="${item.zh}"></p><p>发货地：${shop.province}${shop.city === shop.province ? '' : shop.city}。${mold === 1 ? '虚拟商品，付款后自动发放兑换码，不支持退款。' : '支持 7 天无理由退货。'}</p>`;
  const contentEn =
    `<h2>${nameEn}</h2><p>${briefEn}</p><ul>${pitches.map((p) => `<li>${p.en}</li>`).join('')}</ul>` +
    `<table class="spec"><tr><th>Brand</th><td>${brand.en}</td></tr><tr><th>Category</th><td>${def.name.en}</td></tr>${specRows('en')}` +
    `<tr><th>From</th><td>¥${yuan(price)}</td></tr></table>` +
    `<p><img src="${seedImagePath(files.detail)}" alt="${item.en}"></p><p>${mold === 1 ? 'Virtual goods: the redemption code is issued on payment and cannot be refunded.' : '7-day no-reason returns.'}</p>`;

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
    pic: seedImagePath(files.main),
    imgs: [seedImagePath(files.main), seedImagePath(files.detail)],
    price,
    oriPrice,
    mold,
    status: open ? (prng.chance(0.03) ? 0 : 1) : 0,
    soldNum: Math.floor(prng.next() ** 3 * 20_000),
    totalStocks,
    createdAt: new Date(SEED_EPOCH.getTime() - prng.int(0, 365) * DAY_MS - prng.int(0, 86_399) * 1000),
    skus,
    pictureKey,
  };
}

/** The two pictures of a product's brand + item. */
export function productPictures(p: GeneratedProduct): Picture[] {
  const files = pictureFiles(p.pictureKey);
  const [, , , b = '0', i = '0'] = p.pictureKey.split('-');
  const hue = (p.leaf.hue + Number(b) * 25 + Number(i) * 11) % 360;
  const item = p.leaf.def.items[Number(i)] as Bi;
  const brand = p.leaf.def.brands[Number(b)] as Bi;
  return [
    drawPicture({ file: files.main, hue, glyph: p.leaf.def.name.zh, title: `${brand.zh} ${item.zh}`, subtitle: `${brand.en} ${item.en}` }),
    drawPicture({ file: files.detail, hue: (hue + 180) % 360, glyph: item.zh.slice(0, 4), title: p.leaf.def.name.zh, subtitle: item.en, width: 750, height: 500, angle: 45 }),
  ];
}

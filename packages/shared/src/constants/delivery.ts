// Delivery estimates on the product page: the provinces of China (GB/T 2260 codes, as in the
// areas table) with their English names and their region, and how many days a parcel takes from
// the shop's province to the shopper's.

export type Region = 'north' | 'northeast' | 'east' | 'central' | 'south' | 'southwest' | 'northwest' | 'remote' | 'sar';

export interface Province {
  id: number;
  zh: string;
  en: string;
  region: Region;
}

export const PROVINCES: readonly Province[] = [
  { id: 110000, zh: '北京市', en: 'Beijing', region: 'north' },
  { id: 120000, zh: '天津市', en: 'Tianjin', region: 'north' },
  { id: 130000, zh: '河北省', en: 'Hebei', region: 'north' },
  { id: 140000, zh: '山西省', en: 'Shanxi', region: 'north' },
  { id: 150000, zh: '内蒙古自治区', en: 'Inner Mongolia', region: 'north' },
  { id: 210000, zh: '辽宁省', en: 'Liaoning', region: 'northeast' },
  { id: 220000, zh: '吉林省', en: 'Jilin', region: 'northeast' },
  { id: 230000, zh: '黑龙江省', en: 'Heilongjiang', region: 'northeast' },
  { id: 310000, zh: '上海市', en: 'Shanghai', region: 'east' },
  { id: 320000, zh: '江苏省', en: 'Jiangsu', region: 'east' },
  { id: 330000, zh: '浙江省', en: 'Zhejiang', region: 'east' },
  { id: 340000, zh: '安徽省', en: 'Anhui', region: 'east' },
  { id: 350000, zh: '福建省', en: 'Fujian', region: 'east' },
  { id: 360000, zh: '江西省', en: 'Jiangxi', region: 'east' },
  { id: 370000, zh: '山东省', en: 'Shandong', region: 'east' },
  { id: 410000, zh: '河南省', en: 'Henan', region: 'central' },
  { id: 420000, zh: '湖北省', en: 'Hubei', region: 'central' },
  { id: 430000, zh: '湖南省', en: 'Hunan', region: 'central' },
  { id: 440000, zh: '广东省', en: 'Guangdong', region: 'south' },
  { id: 450000, zh: '广西壮族自治区', en: 'Guangxi', region: 'south' },
  { id: 460000, zh: '海南省', en: 'Hainan', region: 'south' },
  { id: 500000, zh: '重庆市', en: 'Chongqing', region: 'southwest' },
  { id: 510000, zh: '四川省', en: 'Sichuan', region: 'southwest' },
  { id: 520000, zh: '贵州省', en: 'Guizhou', region: 'southwest' },
  { id: 530000, zh: '云南省', en: 'Yunnan', region: 'southwest' },
  { id: 540000, zh: '西藏自治区', en: 'Tibet', region: 'remote' },
  { id: 610000, zh: '陕西省', en: 'Shaanxi', region: 'northwest' },
  { id: 620000, zh: '甘肃省', en: 'Gansu', region: 'northwest' },
  { id: 630000, zh: '青海省', en: 'Qinghai', region: 'remote' },
  { id: 640000, zh: '宁夏回族自治区', en: 'Ningxia', region: 'northwest' },
  { id: 650000, zh: '新疆维吾尔自治区', en: 'Xinjiang', region: 'remote' },
  { id: 710000, zh: '台湾省', en: 'Taiwan', region: 'sar' },
  { id: 810000, zh: '香港特别行政区', en: 'Hong Kong', region: 'sar' },
  { id: 820000, zh: '澳门特别行政区', en: 'Macao', region: 'sar' },
];

/** Where a product page assumes the shopper is until it knows better. */
export const DEFAULT_DELIVERY_PROVINCE = 110000;

/** The province of an area id (any level: 330106 -> 330000), or of a province name; undefined if unknown. */
export function provinceOf(idOrName: number | string | null | undefined): Province | undefined {
  if (typeof idOrName === 'number') return PROVINCES.find((p) => p.id === Math.floor(idOrName / 10_000) * 10_000);
  if (!idOrName) return undefined;
  return PROVINCES.find((p) => p.zh === idOrName || p.en === idOrName);
}

/** Regions next to each other, where parcels take a day longer than within a region. */
const NEIGHBOURS: Record<string, Region[]> = {
  north: ['northeast', 'east', 'central', 'northwest'],
  northeast: ['north'],
  east: ['north', 'central', 'south'],
  central: ['north', 'east', 'south', 'southwest', 'northwest'],
  south: ['east', 'central', 'southwest'],
  southwest: ['central', 'south', 'northwest'],
  northwest: ['north', 'central', 'southwest'],
};

/**
 * Days a parcel takes from the shop's province to the shopper's, as [fastest, slowest]: 1-2 within
 * a province, 2-3 within a region, 3-4 to a neighbouring region, 4-5 across the country, 5-7 to
 * or from Xinjiang, Tibet and Qinghai, 5-8 across a border (Hong Kong, Macao, Taiwan). An unknown
 * origin counts as across the country.
 */
export function deliveryDays(from: number | undefined, to: number): [number, number] {
  const origin = from === undefined ? undefined : provinceOf(from);
  const target = provinceOf(to);
  if (!target) return [4, 5];
  if (origin?.id === target.id) return [1, 2];
  if (target.region === 'sar' || origin?.region === 'sar') return [5, 8];
  if (target.region === 'remote' || origin?.region === 'remote') return [5, 7];
  if (!origin) return [4, 5];
  if (origin.region === target.region) return [2, 3];
  if (NEIGHBOURS[origin.region]?.includes(target.region)) return [3, 4];
  return [4, 5];
}

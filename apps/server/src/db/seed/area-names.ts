// English names of China's divisions for English pages, made at seed time from the Chinese names
// with pinyin-pro: the place name in pinyin (tones dropped, syllables joined, capitalized) and the
// kind of division translated ("西湖区" -> "Xihu District"). Province-level names follow the usual
// English forms ("Inner Mongolia", "Hong Kong"), and 陕西 is Shaanxi, apart from 山西 Shanxi.
import { pinyin } from "pinyin-pro";

/** Province-level units whose English name is not their pinyin alone. */
const PROVINCES: Record<string, string> = {
  北京市: "Beijing",
  天津市: "Tianjin",
  上海市: "Shanghai",
  重庆市: "Chongqing",
  陕西省: "Shaanxi",
  内蒙古自治区: "Inner Mongolia",
  广西壮族自治区: "Guangxi",
  西藏自治区: "Tibet",
  宁夏回族自治区: "Ningxia",
  新疆维吾尔自治区: "Xinjiang",
  香港特别行政区: "Hong Kong",
  澳门特别行政区: "Macao",
  台湾省: "Taiwan",
};

/** Cities known in English by names other than their pinyin (Lhasa, not Lasa; Harbin, not Haerbin). */
const CITIES: Record<string, string> = {
  拉萨市: "Lhasa",
  日喀则市: "Shigatse",
  乌鲁木齐市: "Urumqi",
  喀什地区: "Kashgar Prefecture",
  呼和浩特市: "Hohhot",
  哈尔滨市: "Harbin",
};

/** Endings of division names and their English, longest first so 自治县 wins over 县. */
const KINDS: Array<[string, string]> = [
  ["特别行政区", ""],
  ["自治州", " Autonomous Prefecture"],
  ["自治县", " Autonomous County"],
  ["自治旗", " Autonomous Banner"],
  ["自治区", ""],
  ["新区", " New Area"],
  ["地区", " Prefecture"],
  ["省", ""],
  ["市", ""],
  ["区", " District"],
  ["县", " County"],
  ["旗", " Banner"],
  ["盟", " League"],
];

/** Ethnic groups named in autonomous divisions, in their usual English. */
const ETHNIC_GROUPS: Record<string, string> = {
  蒙古族: "Mongol",
  朝鲜族: "Korean",
  土家族: "Tujia",
  哈萨克族: "Kazakh",
  哈萨克: "Kazakh",
  柯尔克孜族: "Kyrgyz",
  柯尔克孜: "Kyrgyz",
  塔吉克族: "Tajik",
  塔吉克: "Tajik",
  锡伯族: "Xibe",
  锡伯: "Xibe",
  达斡尔族: "Daur",
  鄂温克族: "Evenki",
  鄂伦春: "Oroqen",
  鄂伦春族: "Oroqen",
  维吾尔族: "Uyghur",
  维吾尔: "Uyghur",
  布依族: "Buyei",
  仡佬族: "Gelao",
  哈尼族: "Hani",
  纳西族: "Naxi",
  傈僳族: "Lisu",
  拉祜族: "Lahu",
  景颇族: "Jingpo",
  独龙族: "Derung",
  普米族: "Pumi",
  撒拉族: "Salar",
  东乡族: "Dongxiang",
  保安族: "Bonan",
  裕固族: "Yugur",
  毛南族: "Maonan",
  仫佬族: "Mulao",
  各族: "Multi-ethnic",
  满族: "Manchu",
  回族: "Hui",
  壮族: "Zhuang",
  苗族: "Miao",
  彝族: "Yi",
  藏族: "Tibetan",
  侗族: "Dong",
  瑶族: "Yao",
  白族: "Bai",
  傣族: "Dai",
  黎族: "Li",
  畲族: "She",
  羌族: "Qiang",
  水族: "Shui",
  土族: "Tu",
  佤族: "Va",
  怒族: "Nu",
};
const ETHNIC_PATTERN = new RegExp(
  Object.keys(ETHNIC_GROUPS)
    .sort((a, b) => b.length - a.length)
    .join("|"),
  "g",
);

/** "丰宁满族" -> "Fengning Manchu": the place in pinyin, then the groups in English. */
function stemName(stem: string): string {
  const first = stem.search(ETHNIC_PATTERN);
  if (first <= 0) return placeName(stem);
  const groups = stem.slice(first).match(ETHNIC_PATTERN) ?? [];
  return [
    placeName(stem.slice(0, first)),
    ...groups.map((g) => ETHNIC_GROUPS[g]!),
  ].join(" ");
}

/** The pinyin of a place name as one capitalized word: 杭州 -> Hangzhou, 西安 -> Xi'an. */
function placeName(chinese: string): string {
  const syllables = pinyin(chinese, {
    toneType: "none",
    type: "array",
    v: false,
    nonZh: "consecutive",
  }) as string[];
  let word = "";
  for (const s of syllables) {
    if (!s.trim()) continue;
    // An apostrophe keeps a syllable that starts with a vowel apart: Xi'an, not Xian.
    word += word && /^[aeo]/.test(s) ? `'${s}` : s;
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The English name of a division. A county-level city (level 3 ending in 市) is "... City"; a
 * prefecture-level city drops 市 ("Hangzhou"). Names of ethnic autonomous units keep their whole
 * groups in English ("Yanbian Korean Autonomous Prefecture").
 */
export function areaNameEn(name: string, level: number): string {
  if (level === 1 && PROVINCES[name]) return PROVINCES[name];
  if (name === "神农架林区") return "Shennongjia Forestry District";
  if (level === 2 && CITIES[name]) return CITIES[name];
  for (const [ending, english] of KINDS) {
    if (name.length > ending.length && name.endsWith(ending)) {
      const stem = name.slice(0, -ending.length);
      const kind = ending === "市" && level === 3 ? " City" : english;
      return `${stemName(stem)}${kind}`;
    }
  }
  return placeName(name);
}

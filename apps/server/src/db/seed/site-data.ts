// Fixed demo content: shops, shoppers, notices, site configuration and policy texts.
import { SHOP_STATUS, SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import type { AdminRoleKey } from '@bazaar/shared/constants/permissions';
import type { WebConfig } from '@bazaar/shared/schemas/site';
import type { Bi } from './catalog-data.ts';

// Every seeded date is relative to the time of the seed (passed in as `now`), so a fresh demo has
// a running campaign, recent notices, orders and reviews, whenever it is seeded.
export const DAY_MS = 86_400_000;
export const SEED_MARKER_KEY = 'seed';
export const SEED_VERSION = 1;

export const DEMO_PASSWORD = 'bazaar123';
export const MERCHANT_PASSWORD = 'merchant123';
/** The demo platform staff account (README, demo accounts). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin12345';
/**
 * A second staff account with the same password: staff keep one live session each (decision 015),
 * so two people (or two browser journeys) working at once each log in as their own.
 */
export const OPERATOR_USERNAME = 'operator';

/**
 * Each demo staff account's role (decision 057; the README's account table): least privilege for
 * the desk each journey plays. The migration that added roles gives existing accounts the same.
 */
export const STAFF_ROLES = {
  admin: 'super',
  operator: 'operations',
  ops01: 'operations',
  goods01: 'operations',
  mkt01: 'operations',
  mkt02: 'operations',
  /** The flash-sale consoles' journey reviews activities as mkt03 (one session per staff account). */
  mkt03: 'operations',
  /** The group-buy consoles' journey takes an activity offline as mkt04 (one session per staff account). */
  mkt04: 'operations',
  /** The points-mall journey puts its own items on the points shelf as pts01 (one session per staff account). */
  pts01: 'operations',
  cs01: 'service',
  cs02: 'service',
  cs03: 'service',
  /** The chat journey's two customer-service agents (one session per staff account). */
  cs04: 'service',
  cs05: 'service',
  fin01: 'finance',
  fin02: 'finance',
  fin03: 'finance',
  fin04: 'finance',
  site01: 'super',
  hr01: 'super',
} as const satisfies Record<string, AdminRoleKey>;

export interface DemoUser {
  userName: string;
  mobile: string;
  nickName: string;
  /** The shop (by key) this shopper applied for, if any. */
  shopKey?: string;
  score: number;
  balance: number;
}

export const DEMO_USERS: DemoUser[] = [
  { userName: 'buyer01', mobile: '13800000001', nickName: '张小北', score: 2680, balance: 500_000 },
  { userName: 'buyer02', mobile: '13800000002', nickName: 'Lily Chen', score: 520, balance: 12_000 },
  { userName: 'shopowner', mobile: '13800000003', nickName: '瓷韵掌柜', shopKey: 'tea', score: 300, balance: 0 },
  { userName: 'applicant01', mobile: '13800000004', nickName: '手作阿宁', shopKey: 'craft', score: 0, balance: 0 },
  { userName: 'applicant02', mobile: '13800000005', nickName: '云端小林', shopKey: 'cloud', score: 0, balance: 0 },
  { userName: 'closedshop', mobile: '13800000006', nickName: '老周杂货', shopKey: 'oldtimes', score: 0, balance: 0 },
];

export interface ShopDef {
  key: string;
  nameZh: string;
  nameEn: string;
  introZh: string;
  introEn: string;
  type: number;
  status: number;
  auditRemarks?: string;
  /** Category paths this shop sells ("top", "top-mid" or "top-mid-leaf" indexes; empty = everything). */
  sells: string[];
  /** Fluent Emoji of its logo. */
  emoji: string;
  /** Relative share of generated products. */
  weight: number;
  province: string;
  city: string;
  area: string;
  address: string;
  tel: string;
  hue: number;
  shopCategories: [string, string][];
}

const { open, reviewing, none, offline } = SHOP_STATUS;

export const SHOPS: ShopDef[] = [
  {
    key: 'self', nameZh: 'Bazaar 自营旗舰店', nameEn: 'Bazaar Official Store', type: SHOP_TYPE.selfRun, status: open, sells: [], weight: 2, emoji: 'shopping-bags',
    introZh: 'Bazaar 官方自营，正品保障，极速发货，售后无忧。', introEn: 'Run by Bazaar itself: genuine goods, fast shipping and worry-free after-sales.',
    province: '上海市', city: '上海市', area: '浦东新区', address: '张江高科技园区博云路 2 号', tel: '400-820-8820', hue: 350,
    shopCategories: [['热卖推荐', 'Best Sellers'], ['新品上市', 'New Arrivals'], ['自营精选', 'Bazaar Picks']],
  },
  {
    key: 'digital', nameZh: '数码极客馆', nameEn: 'Digital Geek Hub', type: SHOP_TYPE.ordinary, status: open, sells: ['0'], weight: 5, emoji: 'mobile-phone',
    introZh: '专注手机、电脑与智能穿戴，十年数码老店。', introEn: 'Phones, computers and wearables from a ten-year-old gadget shop.',
    province: '广东省', city: '深圳市', area: '福田区', address: '华强北路 1002 号赛格广场 18 楼', tel: '0755-83688888', hue: 210,
    shopCategories: [['手机', 'Phones'], ['电脑', 'Computers'], ['配件', 'Accessories']],
  },
  {
    key: 'tea', nameZh: '瓷韵茶社', nameEn: 'Porcelain Rhyme Tea House', type: SHOP_TYPE.ordinary, status: open, sells: ['2-0', '5-1-0', '5-1-1'], weight: 5, emoji: 'teapot',
    introZh: '景德镇手作茶器与原产地好茶，一杯一盏皆是生活。', introEn: 'Handmade Jingdezhen tea ware and teas from their origins.',
    province: '江西省', city: '景德镇市', area: '珠山区', address: '陶溪川文创街区 A 座 12 号', tel: '0798-8222666', hue: 190,
    shopCategories: [['茶器', 'Tea Ware'], ['好茶', 'Fine Teas'], ['礼盒', 'Gift Sets']],
  },
  {
    key: 'home', nameZh: '织梦家纺', nameEn: 'Dreamweave Home Textiles', type: SHOP_TYPE.ordinary, status: open, sells: ['2-1', '2-2'], weight: 4, emoji: 'bed',
    introZh: '南通家纺源头工厂，好睡眠从一套好床品开始。', introEn: 'Straight from a Nantong textile mill: good sleep starts with good bedding.',
    province: '江苏省', city: '南通市', area: '通州区', address: '川姜镇家纺城 3 区 88 号', tel: '0513-86556666', hue: 280,
    shopCategories: [['床品', 'Bedding'], ['枕芯毛巾', 'Pillows & Towels'], ['收纳', 'Storage']],
  },
  {
    key: 'outdoor', nameZh: '山野户外', nameEn: 'Wildland Outdoors', type: SHOP_TYPE.ordinary, status: open, sells: ['7', '3-3-0'], weight: 4, emoji: 'tent',
    introZh: '露营、徒步、登山装备一站购齐。', introEn: 'Everything for camping, hiking and climbing in one place.',
    province: '四川省', city: '成都市', area: '武侯区', address: '科华北路 65 号户外用品城 2 楼', tel: '028-85556677', hue: 120,
    shopCategories: [['露营', 'Camping'], ['徒步', 'Hiking'], ['健身', 'Fitness']],
  },
  {
    key: 'books', nameZh: '悦读书房', nameEn: 'Joyful Reading Books', type: SHOP_TYPE.ordinary, status: open, sells: ['6'], weight: 4, emoji: 'books',
    introZh: '正版图书与精选文具，陪你读书的每一天。', introEn: 'Genuine books and fine stationery for every reading day.',
    province: '北京市', city: '北京市', area: '海淀区', address: '中关村大街 68 号图书大厦 5 层', tel: '010-62556688', hue: 30,
    shopCategories: [['文学', 'Literature'], ['童书', 'Children'], ['文具', 'Stationery']],
  },
  {
    key: 'beauty', nameZh: '花漾美妆', nameEn: 'Bloom Beauty', type: SHOP_TYPE.ordinary, status: open, sells: ['4'], weight: 4, emoji: 'lipstick',
    introZh: '国货美妆集合店，品牌授权，假一赔十。', introEn: 'Chinese beauty brands, fully authorised: ten-fold refund for any fake.',
    province: '浙江省', city: '杭州市', area: '西湖区', address: '文三路 478 号华星时代广场 9 楼', tel: '0571-88776655', hue: 330,
    shopCategories: [['护肤', 'Skincare'], ['彩妆', 'Makeup'], ['洗护', 'Hair & Body']],
  },
  {
    key: 'food', nameZh: '鲜丰食品', nameEn: 'Freshfield Foods', type: SHOP_TYPE.ordinary, status: open, sells: ['5-0', '5-1-2', '5-2'], weight: 4, emoji: 'peanuts',
    introZh: '坚果零食、咖啡与粮油调味，产地直采。', introEn: 'Nuts, snacks, coffee and pantry staples sourced directly from farms.',
    province: '安徽省', city: '合肥市', area: '蜀山区', address: '长江西路 699 号食品产业园 6 号楼', tel: '0551-65558899', hue: 40,
    shopCategories: [['零食', 'Snacks'], ['咖啡', 'Coffee'], ['粮油', 'Pantry']],
  },
  {
    key: 'fashion', nameZh: '潮流衣橱', nameEn: 'Trend Wardrobe', type: SHOP_TYPE.ordinary, status: open, sells: ['3-0', '3-1', '3-3'], weight: 4, emoji: 'dress',
    introZh: '男女装当季新款，每周上新。', introEn: 'New-season menswear and womenswear, new arrivals every week.',
    province: '浙江省', city: '杭州市', area: '余杭区', address: '五常大道 166 号 B 座 3 楼', tel: '0571-89896677', hue: 300,
    shopCategories: [['女装', 'Women'], ['男装', 'Men'], ['鞋包', 'Shoes & Bags']],
  },
  {
    key: 'appliance', nameZh: '智家电器', nameEn: 'SmartHome Appliances', type: SHOP_TYPE.ordinary, status: open, sells: ['1'], weight: 4, emoji: 'cooked-rice',
    introZh: '厨房电器、生活电器官方授权专卖。', introEn: 'Authorised seller of kitchen and household appliances.',
    province: '广东省', city: '佛山市', area: '顺德区', address: '北滘镇美的大道 6 号', tel: '0757-26338888', hue: 160,
    shopCategories: [['厨房', 'Kitchen'], ['清洁', 'Cleaning'], ['季节', 'Seasonal']],
  },
  {
    key: 'shoes', nameZh: '步履鞋履', nameEn: 'Stride Footwear', type: SHOP_TYPE.ordinary, status: open, sells: ['3-2', '7-1-1'], weight: 4, emoji: 'running-shoe',
    introZh: '运动鞋、皮鞋与徒步鞋，晋江源头直供。', introEn: 'Sneakers, leather shoes and outdoor footwear direct from Jinjiang.',
    province: '福建省', city: '泉州市', area: '晋江市', address: '陈埭镇鞋都大道 18 号', tel: '0595-85667788', hue: 15,
    shopCategories: [['运动鞋', 'Sneakers'], ['皮鞋', 'Leather'], ['户外', 'Outdoor']],
  },
  {
    key: 'craft', nameZh: '匠心手作', nameEn: 'Artisan Handmade', type: SHOP_TYPE.ordinary, status: reviewing, sells: ['2-0'], weight: 0, emoji: 'amphora',
    introZh: '木作、陶艺与布艺手工作品，每一件都独一无二。', introEn: 'Handmade woodwork, ceramics and textiles, each one unique.',
    province: '云南省', city: '大理白族自治州', area: '大理市', address: '古城人民路 215 号', tel: '0872-2677888', hue: 60,
    shopCategories: [],
  },
  {
    key: 'cloud', nameZh: '云端小铺', nameEn: 'Cloud Corner', type: SHOP_TYPE.ordinary, status: none, sells: ['0-0-1', '0-0-2'], weight: 0, emoji: 'cloud',
    auditRemarks: '营业执照图片不清晰，请重新上传后再次提交。',
    introZh: '数码配件小店，主打性价比。', introEn: 'A small shop for good-value gadget accessories.',
    province: '湖北省', city: '武汉市', area: '洪山区', address: '光谷广场步行街 9 号', tel: '027-87665544', hue: 240,
    shopCategories: [],
  },
  {
    key: 'oldtimes', nameZh: '旧时光杂货', nameEn: 'Old Times General Store', type: SHOP_TYPE.ordinary, status: offline, sells: ['6-1', '2-2'], weight: 1, emoji: 'mantelpiece-clock',
    auditRemarks: '店铺违反平台规则，已下线整改。',
    introZh: '怀旧文具与老式家居杂货。', introEn: 'Nostalgic stationery and old-style household goods.',
    province: '天津市', city: '天津市', area: '和平区', address: '五大道睦南道 36 号', tel: '022-23345566', hue: 20,
    shopCategories: [['怀旧', 'Nostalgia']],
  },
];

/** A sale that runs at the time of the seed: its name follows the season, its dates surround the seed. */
export interface Campaign {
  name: Bi;
  /** Fluent Emoji for its banner. */
  emojis: string[];
  start: Date;
  end: Date;
}

const CAMPAIGNS: { months: number[]; name: Bi; emojis: string[] }[] = [
  { months: [1, 2], name: { zh: '年货节', en: 'New Year Goods Festival' }, emojis: ['red-paper-lantern', 'wrapped-gift', 'moon-cake'] },
  { months: [3, 4], name: { zh: '春季焕新节', en: 'Spring Refresh Sale' }, emojis: ['cherry-blossom', 'dress', 'shopping-bags'] },
  { months: [5, 6], name: { zh: '618 年中大促', en: '618 Mid-year Sale' }, emojis: ['mobile-phone', 'shopping-bags', 'headphone'] },
  { months: [7, 8], name: { zh: '清凉一夏', en: 'Cool Summer Sale' }, emojis: ['wind-face', 'sunglasses', 'tent'] },
  { months: [9, 10], name: { zh: '金秋好物节', en: 'Golden Autumn Sale' }, emojis: ['maple-leaf', 'moon-cake', 'teapot'] },
  { months: [11, 12], name: { zh: '冬季暖心购', en: 'Winter Warm-up Sale' }, emojis: ['coat', 'scarf', 'hot-beverage'] },
];

/** Beijing-time calendar parts of an instant. */
export function beijingDate(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The campaign running at `now`: started three days before, ends eleven days after. */
export function campaignAt(now: Date): Campaign {
  const { month } = beijingDate(now);
  const def = CAMPAIGNS.find((c) => c.months.includes(month)) ?? (CAMPAIGNS[0] as (typeof CAMPAIGNS)[number]);
  return { name: def.name, emojis: def.emojis, start: new Date(now.getTime() - 3 * DAY_MS), end: new Date(now.getTime() + 11 * DAY_MS) };
}

const zhDay = (d: Date) => {
  const { month, day } = beijingDate(d);
  return `${month} 月 ${day} 日`;
};
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const enDay = (d: Date) => {
  const { month, day } = beijingDate(d);
  return `${day} ${EN_MONTHS[month - 1]}`;
};

export interface NoticeDef {
  titleZh: string;
  titleEn: string;
  bodyZh: string[];
  bodyEn: string[];
  isTop: boolean;
  /** Days before the seed. */
  daysAgo: number;
}

/** The platform notices, dated from the seed time; the first announces the running campaign. */
export function platformNotices(now: Date): NoticeDef[] {
  const c = campaignAt(now);
  return [
    {
      titleZh: `Bazaar ${c.name.zh}火热进行中，自营精选每满 300 减 50`, titleEn: `${c.name.en} on now: ¥50 off every ¥300 on Official Store picks`, isTop: true, daysAgo: 3,
      bodyZh: [`${c.name.zh}正式开启！活动期间 Bazaar 自营旗舰店精选商品每满 300 元立减 50 元，上不封顶；更多店铺的满减、满折活动见“限时特惠”。`, `活动时间：${zhDay(c.start)} 至 ${zhDay(c.end)}。`, '参加活动的商品带有活动标签。'],
      bodyEn: [`Our ${c.name.en} has started! The Bazaar Official Store takes ¥50 off every ¥300 on its picks, with no upper limit; more stores' offers are under "Special offers".`, `When: ${enDay(c.start)} to ${enDay(c.end)} (Beijing time).`, 'Products in the offer carry its tag.'],
    },
    {
      titleZh: '偏远地区配送时效说明', titleEn: 'Delivery times to remote regions', isTop: true, daysAgo: 5,
      bodyZh: ['江浙沪及周边地区一般 1-2 天送达，其他地区 2-4 天。', '新疆、西藏、青海等偏远地区配送约需 5-7 天，部分商品可能需要补运费，以结算页为准。', '商品详情页可选择收货地区查看预计送达时间。'],
      bodyEn: ['Most orders reach the Yangtze River Delta in 1-2 days and other regions in 2-4 days.', 'Xinjiang, Tibet, Qinghai and other remote regions take about 5-7 days; some goods carry extra shipping, shown at checkout.', 'Choose your region on any product page to see its delivery estimate.'],
    },
    {
      titleZh: '关于防范电信诈骗的重要提醒', titleEn: 'Important: beware of phone scams', isTop: true, daysAgo: 9,
      bodyZh: ['Bazaar 客服不会以任何理由要求您提供银行卡密码或短信验证码。', '如接到自称“客服”的退款、理赔电话，请通过官方在线客服核实。'],
      bodyEn: ['Bazaar customer service will never ask for your card PIN or SMS codes, for any reason.', 'If someone calls about a refund or compensation claiming to be us, check with our online customer service first.'],
    },
    {
      titleZh: '会员权益升级：积分翻倍、自营包邮', titleEn: 'Member benefits upgraded: double points and free shipping on Bazaar goods', isTop: false, daysAgo: 14,
      bodyZh: ['即日起，付费会员购买自营商品免运费，购物积分最高享 2 倍。', '会员专享优惠券每月 1 日发放。'],
      bodyEn: ['From today paid members get free shipping on Bazaar’s own goods and up to double points.', 'Member-only coupons are issued on the 1st of every month.'],
    },
    {
      titleZh: '免费开店通道开放', titleEn: 'Open your own store for free', isTop: false, daysAgo: 21,
      bodyZh: ['个人与企业均可免费申请开店，平台将在 3 个工作日内完成审核。', '审核通过后设置店铺账号与密码，即可登录商家管理中心发布商品。'],
      bodyEn: ['Individuals and companies can apply for a store free of charge; we review applications within 3 working days.', 'Once approved, set a store account and password and log in to the merchant centre to list products.'],
    },
    {
      titleZh: '《用户服务协议》与《隐私政策》更新公告', titleEn: 'Updated Terms of Service and Privacy Policy', isTop: false, daysAgo: 30,
      bodyZh: ['我们更新了《用户服务协议》和《隐私政策》，主要涉及个人信息保护条款。', '更新后的协议自发布之日起生效，您可在页面底部查看全文。'],
      bodyEn: ['We have updated our Terms of Service and Privacy Policy, mainly the personal-information clauses.', 'The new versions apply from the day they were published; read them in full from the page footer.'],
    },
    {
      titleZh: '7 天无理由退货服务说明', titleEn: 'About our 7-day no-reason returns', isTop: false, daysAgo: 45,
      bodyZh: ['签收后 7 天内，商品完好且不影响二次销售的，可申请无理由退货。', '虚拟商品、定制商品及生鲜食品不适用。'],
      bodyEn: ['Within 7 days of receipt you may return goods in resaleable condition for any reason.', 'Virtual, custom-made and fresh goods are excluded.'],
    },
    {
      titleZh: '客服服务时间调整', titleEn: 'Customer service hours', isTop: false, daysAgo: 60,
      bodyZh: ['在线客服服务时间为每天 9:00-17:00（7*8 小时）。', '非服务时间的留言将在次日优先处理。'],
      bodyEn: ['Online customer service is available 9:00-17:00 every day (7*8 hours).', 'Messages left outside these hours are answered first thing the next day.'],
    },
  ];
}

/** The site configuration; the copyright names the year of the seed. */
export const webConfig = (now: Date, merchantUrl: string): WebConfig => ({
  pcWelcomeCn: '欢迎来到 Bazaar 商城！',
  pcWelcomeEn: 'Welcome to the Bazaar mall!',
  pcLogoImgText: '/uploads/seed/logo.svg',
  pcCompanyInfoCn: `Copyright © ${beijingDate(now).year} Bazaar 商城 版权所有\n上海巴扎网络科技有限公司\n地址：上海市浦东新区张江高科技园区博云路 2 号\n客服热线：400-820-8820（每天 9:00-17:00）`,
  pcCompanyInfoEn: `Copyright © ${beijingDate(now).year} Bazaar Mall. All rights reserved.\nShanghai Bazaar Network Technology Co., Ltd.\nAddress: 2 Boyun Road, Zhangjiang Hi-Tech Park, Pudong, Shanghai\nCustomer service: 400-820-8820 (daily 9:00-17:00)`,
  pcTitleImg: '/uploads/seed/favicon.svg',
  pcRecordNumber: '沪ICP备2026012345号-1',
  pcRecordUrl: 'https://beian.miit.gov.cn/',
  merchantUrl,
});

const section = (h: string, ps: string[]) => `<h3>${h}</h3>${ps.map((p) => `<p>${p}</p>`).join('')}`;

export const TERMS = {
  zh: {
    title: 'Bazaar 用户服务协议',
    content: [
      section('一、协议的范围', ['本协议是您与上海巴扎网络科技有限公司（以下简称“Bazaar”）之间关于使用 Bazaar 商城服务所订立的协议。', '您在注册或使用服务前，应当仔细阅读本协议全部内容。']),
      section('二、账号注册与使用', ['您应使用本人手机号注册账号，并妥善保管账号与密码。', '因您保管不善造成的损失由您自行承担。']),
      section('三、商品交易', ['商品信息由商家发布，商家对其真实性负责。', '订单提交后 30 分钟内未付款的，系统将自动取消订单。']),
      section('四、售后服务', ['平台支持 7 天无理由退货（特殊商品除外）。', '客服服务时间为 7*8 小时。']),
      section('五、其他', ['本协议的解释、效力及纠纷解决均适用中华人民共和国法律。']),
    ].join(''),
  },
  en: {
    title: 'Bazaar Terms of Service',
    content: [
      section('1. Scope', ['These terms are an agreement between you and Shanghai Bazaar Network Technology Co., Ltd. ("Bazaar") about your use of the Bazaar mall.', 'Please read them carefully before you register or use the service.']),
      section('2. Your account', ['Register with your own mobile number and keep your account and password safe.', 'You are responsible for losses caused by careless keeping of your credentials.']),
      section('3. Buying goods', ['Product information is published by the shops, which are responsible for its accuracy.', 'Orders that are not paid within 30 minutes are cancelled automatically.']),
      section('4. After-sales', ['Most goods may be returned within 7 days without giving a reason.', 'Customer service is available 7*8 hours.']),
      section('5. Other', ['These terms are governed by the laws of the People’s Republic of China.']),
    ].join(''),
  },
};

export const PRIVACY = {
  zh: {
    title: 'Bazaar 隐私政策',
    content: [
      section('一、我们收集的信息', ['注册时的手机号、昵称；下单时的收货地址；浏览记录与订单信息。']),
      section('二、信息的使用', ['用于完成交易、配送、售后与客户服务，以及改进我们的服务。', '未经您同意，我们不会向第三方出售您的个人信息。']),
      section('三、信息的保护', ['我们采用加密传输与存储、访问控制等措施保护您的信息安全。', '密码以不可逆方式加密保存。']),
      section('四、您的权利', ['您可以查询、更正、删除您的个人信息，或注销账号。']),
    ].join(''),
  },
  en: {
    title: 'Bazaar Privacy Policy',
    content: [
      section('1. What we collect', ['Your mobile number and nickname when you register; delivery addresses when you order; browsing and order history.']),
      section('2. How we use it', ['To complete purchases, deliveries, after-sales and customer service, and to improve our service.', 'We never sell your personal information to third parties without your consent.']),
      section('3. How we protect it', ['We use encrypted transport and storage and access controls to keep your data safe.', 'Passwords are stored with one-way hashing.']),
      section('4. Your rights', ['You may view, correct or delete your personal information, or close your account.']),
    ].join(''),
  },
};

export const DELIVERY_COMPANIES: [string, string, string][] = [
  ['顺丰速运', 'SF Express', 'SF'],
  ['京东物流', 'JD Logistics', 'JD'],
  ['中通快递', 'ZTO Express', 'ZTO'],
  ['圆通速递', 'YTO Express', 'YTO'],
  ['韵达快递', 'Yunda Express', 'YD'],
  ['申通快递', 'STO Express', 'STO'],
  ['中国邮政 EMS', 'China Post EMS', 'EMS'],
];

export const HOT_SEARCHES: [string, string][] = [
  ['手机', 'Phone'],
  ['茶杯', 'Teacup'],
  ['耳机', 'Headphones'],
  ['连衣裙', 'Dress'],
  ['坚果', 'Nuts'],
  ['空气炸锅', 'Air fryer'],
  ['三体', 'Three-Body'],
  ['帐篷', 'Tent'],
];

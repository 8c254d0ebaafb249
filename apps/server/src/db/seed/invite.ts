// The /invite page's texts (investor relations and the invitation to merchants), in both
// languages. Platform staff change them in the site config; the seed writes them once, and also
// into a database seeded before the page existed.
import type { InviteConfig } from '@bazaar/shared/schemas/site';
import { siteConfig } from '../schema/content.ts';
import type { Db } from '../client.ts';
import { CONFIG_KEYS } from '../../modules/content/config-keys.ts';

const section = (h: string, body: string) => `<h2>${h}</h2>${body}`;
const paragraphs = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('');
const list = (tag: 'ul' | 'ol', items: string[]) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag}>`;

export const INVITE_CONFIG: InviteConfig = {
  inviteTitleCn: '投资者关系与商家招募',
  inviteTitleEn: 'Investor relations and selling on Bazaar',
  inviteContentCn: [
    section(
      '关于 Bazaar',
      paragraphs([
        'Bazaar 商城由上海巴扎网络科技有限公司运营，是一家面向全国消费者的多商户综合购物平台，汇集自营旗舰店与众多精选品牌店铺，覆盖数码家电、服饰鞋包、食品茶饮、家居日用等品类。',
        '我们坚持正品保障、7 天无理由退货和 7*8 小时客服，让每一位顾客买得放心，也让每一家店铺卖得安心。',
      ]),
    ),
    section(
      '投资者关系',
      paragraphs([
        '公司定期向股东与合作伙伴披露经营情况与发展规划。如需获取公司介绍、经营简报或安排交流，请联系投资者关系部：',
      ]) + list('ul', ['邮箱：ir@bazaar-mall.example', '电话：021-5080-8820（工作日 9:00-18:00）', '地址：上海市浦东新区张江高科技园区博云路 2 号']),
    ),
    section(
      '为什么在 Bazaar 开店',
      list('ul', [
        '<strong>免费入驻</strong>：开店申请不收取任何费用，审核通过即可上架商品。',
        '<strong>稳定客流</strong>：首页楼层、搜索、限时秒杀与拼团活动为优质店铺带来持续曝光。',
        '<strong>安心收款</strong>：支持支付宝、微信支付与余额支付，订单结算清晰可查。',
        '<strong>省心经营</strong>：独立的商家管理中心，可管理商品、订单、发货与售后。',
      ]),
    ),
    section(
      '如何免费申请开店',
      list('ol', [
        '注册并登录 Bazaar 商城账号。',
        '点击顶部栏的“我的店铺”，填写店铺名称、经营类目、联系人与资质信息，提交开店申请。',
        '平台在 3 个工作日内完成审核，结果会在“我的店铺”中显示。',
        '审核通过后设置店铺账号与密码，登录商家管理中心，上架商品即可开张。',
      ]),
    ),
    section(
      '商家招募联系方式',
      list('ul', ['招商热线：400-820-8820 转 2（每天 9:00-17:00）', '招商邮箱：join@bazaar-mall.example']),
    ),
  ].join(''),
  inviteContentEn: [
    section(
      'About Bazaar',
      paragraphs([
        'Bazaar Mall is run by Shanghai Bazaar Network Technology Co., Ltd. It is a multi-vendor shopping mall for customers all over China, bringing our own flagship store together with a growing number of selected brand stores in electronics, fashion, food and tea, home goods and more.',
        'We stand for genuine goods, 7-day no-reason returns and customer service 7 days a week, so that customers buy with confidence and stores sell with peace of mind.',
      ]),
    ),
    section(
      'Investor relations',
      paragraphs(['We report our results and plans to shareholders and partners regularly. For the company profile, business updates or a meeting, please contact our investor relations team:']) +
        list('ul', ['Email: ir@bazaar-mall.example', 'Phone: +86 21 5080 8820 (weekdays 9:00-18:00)', 'Address: 2 Boyun Road, Zhangjiang Hi-Tech Park, Pudong, Shanghai']),
    ),
    section(
      'Why sell on Bazaar',
      list('ul', [
        '<strong>Free to join</strong>: applying for a store costs nothing, and you can list products as soon as it is approved.',
        '<strong>Steady traffic</strong>: home page floors, search, flash sales and group buys keep good stores in front of shoppers.',
        '<strong>Reliable payments</strong>: Alipay, WeChat Pay and account balance, with clear order settlement.',
        '<strong>Easy to run</strong>: a merchant center of your own for products, orders, shipping and after-sales.',
      ]),
    ),
    section(
      'How to apply for a free store',
      list('ol', [
        'Register and log in to your Bazaar account.',
        'Choose "My store" in the top bar, fill in the store name, categories, contact person and business licence, and submit the application.',
        'The platform reviews it within 3 working days; the result is shown under "My store".',
        'Once approved, set your store account and password, log in to the merchant center and list your products.',
      ]),
    ),
    section('Contact our merchant team', list('ul', ['Merchant hotline: 400-820-8820, option 2 (daily 9:00-17:00)', 'Email: join@bazaar-mall.example'])),
  ].join(''),
};

/** Writes the invite texts unless the platform has set its own. */
export async function seedInvite(db: Db): Promise<void> {
  await db.insert(siteConfig).values({ key: CONFIG_KEYS.invite, value: INVITE_CONFIG }).onConflictDoNothing();
}

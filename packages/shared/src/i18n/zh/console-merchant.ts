// The merchant center's texts (apps/merchant); en/console-merchant.ts has the same keys.
import { consoleMerchantShop } from './console-merchant-shop.ts';
import { consoleMerchantOrders } from './console-merchant-orders.ts';
import { consoleMerchantProducts } from './console-merchant-products.ts';
import { consoleMerchantPromotions } from './console-merchant-promotions.ts';
import { consoleMerchantCoupons } from './console-merchant-coupons.ts';
import { consoleMerchantCombos } from './console-merchant-combos.ts';
import { consoleMerchantReviews } from './console-merchant-reviews.ts';
import { consoleMerchantStaff } from './console-merchant-staff.ts';
import { consoleMerchantInvoices } from './console-merchant-invoices.ts';
import { consoleMerchantRefunds } from './console-merchant-refunds.ts';
import { consoleMerchantSeckill } from './console-merchant-seckill.ts';
import { consoleMerchantChat } from './console-merchant-chat.ts';
import { consoleMerchantGroupbuy } from './console-merchant-groupbuy.ts';

export const consoleMerchant = {
  ...consoleMerchantShop,
  ...consoleMerchantOrders,
  ...consoleMerchantProducts,
  ...consoleMerchantPromotions,
  ...consoleMerchantCoupons,
  ...consoleMerchantCombos,
  ...consoleMerchantReviews,
  ...consoleMerchantStaff,
  ...consoleMerchantInvoices,
  ...consoleMerchantRefunds,
  ...consoleMerchantSeckill,
  ...consoleMerchantChat,
  ...consoleMerchantGroupbuy,
  app: {
    title: 'Bazaar 商家中心',
    language: 'English',
    logout: '退出登录',
    loadFailed: '加载失败，请重试',
    reload: '重新加载',
    serverError: '服务器开了个小差~',
  },
  login: {
    title: '商家登录',
    username: '商家账号',
    password: '密码',
    submit: '登录',
    usernameRequired: '请输入商家账号',
    passwordRequired: '请输入密码',
    hint: '店铺审核通过后，在商城“个人中心 - 店铺账号”设置的手机号与密码',
  },
  menu: { dashboard: '经营概况', orders: '订单管理', writeOff: '核销券码', password: '修改密码' },
  orders: {
    tabs: { all: '全部', unpaid: '待付款', paid: '待发货', shipped: '待收货', completed: '已完成', cancelled: '已取消' },
    status: { 1: '待付款', 2: '待发货', 3: '待收货', 5: '已完成', 6: '已取消', 7: '拼团中' },
    search: '搜索订单号',
    searchButton: '搜索',
    columns: { orderNumber: '订单号', items: '商品', total: '实付金额', status: '状态', createTime: '下单时间', actions: '操作' },
    pieces_other: '共 {{count}} 件',
    view: '查看',
    ship: '发货',
    empty: '暂无订单',
    total_other: '共 {{count}} 条',
  },
  detail: {
    title: '订单详情：{{orderNumber}}',
    back: '返回订单列表',
    receiver: '收货人',
    address: '收货地址',
    remarks: '买家留言',
    none: '无',
    payTime: '付款时间',
    dvyTime: '发货时间',
    items: '商品',
    item: { name: '商品', price: '单价', count: '数量', shipped: '已发货', refunded: '已退款' },
    amounts: '金额',
    goodsTotal: '商品总额',
    freight: '运费',
    reduce: '优惠',
    actualTotal: '实付金额',
    packages: '包裹',
    package: '包裹 {{index}}：{{courier}} {{waybill}}',
    packageItems: '{{name}} × {{count}}',
    noPackages: '尚未发货',
  },
  ship: {
    title: '发货',
    package: '包裹 {{index}}',
    courier: '物流公司',
    courierRequired: '请选择物流公司',
    waybill: '运单号',
    waybillRequired: '请输入运单号',
    count: '{{name}} 的件数',
    addPackage: '再加一个包裹',
    removePackage: '删除此包裹',
    submit: '确认发货',
    shipped: '已发货',
    remaining_other: '还有 {{count}} 件商品未放入包裹',
    refunded_other: '已退款 {{count}} 件',
    allRefunded_other: '已退款 {{count}} 件，无需发货',
  },
  password: {
    title: '修改密码',
    current: '当前密码',
    next: '新密码',
    confirm: '确认新密码',
    rule: '6-12 位半角字符',
    mismatch: '两次输入的密码不一致',
    submit: '保存',
    changed: '密码已修改，请用新密码重新登录',
  },
};

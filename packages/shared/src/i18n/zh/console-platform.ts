// The platform console's texts (apps/platform). Not part of the storefront's catalogs; the API's
// messages arrive already translated. Keys are shared with en/console-platform.ts.
import { consolePlatformContent } from './console-platform-content.ts';
import { consolePlatformBanners } from './console-platform-banners.ts';
import { consolePlatformReviews } from './console-platform-reviews.ts';
import { consolePlatformOrders } from './console-platform-orders.ts';
import { consolePlatformProducts } from './console-platform-products.ts';
import { consolePlatformStaff } from './console-platform-staff.ts';
import { consolePlatformPoints } from './console-platform-points.ts';
import { consolePlatformBalance } from './console-platform-balance.ts';
import { consolePlatformRefundPayments } from './refund-money.ts';
import { consolePlatformCoupons } from './console-platform-coupons.ts';
import { consolePlatformMember } from './console-platform-member.ts';
import { consolePlatformRoles } from './console-platform-roles.ts';
import { consolePlatformRefunds } from './console-platform-refunds.ts';
import { consolePlatformSeckill } from './console-platform-seckill.ts';
import { consolePlatformChat } from './console-platform-chat.ts';
import { consolePlatformPointsmall } from './console-platform-pointsmall.ts';
import { consolePlatformGroupbuy } from './console-platform-groupbuy.ts';

export const consolePlatform = {
  ...consolePlatformContent,
  ...consolePlatformBanners,
  reviews: consolePlatformReviews.reviews,
  orders: consolePlatformOrders.orders,
  ...consolePlatformProducts,
  ...consolePlatformPoints,
  ...consolePlatformBalance,
  ...consolePlatformRefundPayments,
  ...consolePlatformCoupons,
  ...consolePlatformMember,
  staffAdmin: consolePlatformRoles.staffAdmin,
  rolesAdmin: consolePlatformRoles.rolesAdmin,
  roleNames: consolePlatformRoles.roleNames,
  permissionNames: consolePlatformRoles.permissionNames,
  refundsMenu: consolePlatformRefunds.refundsMenu,
  aftersaleSettingsMenu: consolePlatformRefunds.aftersaleSettingsMenu,
  refunds: consolePlatformRefunds.refunds,
  refundDetail: consolePlatformRefunds.refundDetail,
  aftersaleSettings: consolePlatformRefunds.aftersaleSettings,
  ...consolePlatformSeckill,
  ...consolePlatformChat,
  ...consolePlatformPointsmall,
  ...consolePlatformGroupbuy,
  app: { title: 'Bazaar 平台管理', language: 'English', logout: '退出登录', loadFailed: '加载失败，请重试', reload: '重新加载', serverError: '服务器出了点小差~' },
  login: {
    title: '平台管理登录',
    username: '管理账号',
    password: '密码',
    submit: '登录',
    usernameRequired: '请输入管理账号',
    passwordRequired: '请输入密码',
  },
  menu: { applications: '开店申请', shops: '店铺管理', users: '用户管理', auditLog: '操作日志' },
  applications: {
    status: { reviewing: '待审核', rejected: '已驳回', open: '已开通', offline: '已下线' },
    columns: { shop: '店铺', tel: '联系电话', region: '所在地区', updatedAt: '更新时间', status: '状态', actions: '操作' },
    view: '查看',
    approve: '通过',
    reject: '驳回',
    approveConfirm: '确认通过「{{name}}」的开店申请？',
    approved: '已通过',
    rejected: '已驳回',
    rejectTitle: '驳回「{{name}}」的申请',
    reason: '驳回原因',
    reasonPlaceholder: '店铺主将看到这段说明',
    reasonRequired: '请填写驳回原因',
    detailTitle: '开店申请：{{name}}',
    fields: {
      shopName: '店铺名称',
      tel: '联系电话',
      region: '所在地区',
      address: '详细地址',
      location: '位置（纬度, 经度）',
      intro: '店铺简介',
      logo: '店铺 Logo',
      license: '营业执照',
      idFront: '身份证正面',
      idBack: '身份证反面',
      remarks: '驳回原因',
      applicant: '申请人 ID',
    },
    empty: '没有申请',
  },
  audit: {
    columns: { time: '时间', staff: '操作人', action: '操作', target: '对象', change: '变更（前 → 后）' },
    actions: { 'shop.approve': '通过开店申请', 'shop.reject': '驳回开店申请', 'product.takedown': '违规下架商品', 'product.lift': '解除商品下架', ...consolePlatformContent.contentAudit, ...consolePlatformStaff.auditActions, ...consolePlatformPoints.pointsAudit, ...consolePlatformBalance.balanceAudit, ...consolePlatformBanners.bannerAudit, ...consolePlatformCoupons.couponAudit, ...consolePlatformMember.memberAudit, ...consolePlatformReviews.reviewAudit, ...consolePlatformRoles.staffAudit, ...consolePlatformRefunds.refundAudit, ...consolePlatformSeckill.seckillAudit, ...consolePlatformGroupbuy.groupbuyAudit, ...consolePlatformPointsmall.pointsmallAudit },
    all: '全部操作',
    empty: '暂无记录',
  },
  shops: consolePlatformStaff.shops,
  users: consolePlatformStaff.users,
};

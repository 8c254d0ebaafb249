import { consolePlatformProducts } from './console-platform-products.ts';
import type { consolePlatform as zh } from '../zh/console-platform.ts';
import type { Widen } from '../widen.ts';
import { consolePlatformContent } from './console-platform-content.ts';
import { consolePlatformBanners } from './console-platform-banners.ts';
import { consolePlatformReviews } from './console-platform-reviews.ts';
import { consolePlatformOrders } from './console-platform-orders.ts';
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

export const consolePlatform: Widen<typeof zh> = {
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
  app: { title: 'Bazaar platform console', language: '中文', logout: 'Log out', loadFailed: 'Loading failed, please try again', reload: 'Reload', serverError: 'The server had a small problem~' },
  login: {
    title: 'Platform staff login',
    username: 'Staff account',
    password: 'Password',
    submit: 'Log in',
    usernameRequired: 'Enter the staff account',
    passwordRequired: 'Enter the password',
  },
  menu: { applications: 'Store applications', shops: 'Shops', users: 'Users', auditLog: 'Audit log' },
  applications: {
    status: { reviewing: 'Under review', rejected: 'Rejected', open: 'Open', offline: 'Offline' },
    columns: { shop: 'Store', tel: 'Contact number', region: 'Area', updatedAt: 'Updated', status: 'Status', actions: 'Actions' },
    view: 'View',
    approve: 'Approve',
    reject: 'Reject',
    approveConfirm: 'Approve the application of “{{name}}”?',
    approved: 'Approved',
    rejected: 'Rejected',
    rejectTitle: 'Reject the application of “{{name}}”',
    reason: 'Reason',
    reasonPlaceholder: 'The applicant will see this explanation',
    reasonRequired: 'Please give the reason for the rejection',
    detailTitle: 'Store application: {{name}}',
    fields: {
      shopName: 'Store name',
      tel: 'Contact number',
      region: 'Area',
      address: 'Detailed address',
      location: 'Location (lat, lng)',
      intro: 'Description',
      logo: 'Store logo',
      license: 'Business license',
      idFront: 'ID card (front)',
      idBack: 'ID card (back)',
      remarks: 'Reason for rejection',
      applicant: 'Applicant id',
    },
    empty: 'No applications',
  },
  audit: {
    columns: { time: 'Time', staff: 'Staff', action: 'Action', target: 'Target', change: 'Change (before → after)' },
    actions: { 'shop.approve': 'Approved a store application', 'shop.reject': 'Rejected a store application', 'product.takedown': 'Took a product down', 'product.lift': 'Lifted a product takedown', ...consolePlatformContent.contentAudit, ...consolePlatformStaff.auditActions, ...consolePlatformPoints.pointsAudit, ...consolePlatformBalance.balanceAudit, ...consolePlatformBanners.bannerAudit, ...consolePlatformCoupons.couponAudit, ...consolePlatformMember.memberAudit, ...consolePlatformReviews.reviewAudit, ...consolePlatformRoles.staffAudit, ...consolePlatformRefunds.refundAudit, ...consolePlatformSeckill.seckillAudit, ...consolePlatformGroupbuy.groupbuyAudit, ...consolePlatformPointsmall.pointsmallAudit },
    all: 'All actions',
    empty: 'No entries',
  },
  shops: consolePlatformStaff.shops,
  users: consolePlatformStaff.users,
};

import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

// Route files are named after the specification's paths. `:lang?` lets /en/... serve English;
// /zh/... redirects to the unprefixed path and any other prefix is a 404 (lang-scope.tsx).
export default [
  route(':lang?', 'routes/lang-scope.tsx', [
    layout('layouts/home.tsx', [index('routes/home.tsx')]),
    layout('layouts/default.tsx', [
      route('login', 'routes/login.tsx'),
      route('register', 'routes/register.tsx'),
      route('forget-password', 'routes/forget-password.tsx'),
      route('notice-list', 'routes/notice-list.tsx'),
      route('notice-detail', 'routes/notice-detail.tsx'),
      route('invite', 'routes/invite.tsx'),
      route('list', 'routes/list.tsx'),
      route('detail/:prodId?', 'routes/detail.tsx'),
      route('shopIndex', 'routes/shop-index.tsx'),
      route('shopList', 'routes/shop-list.tsx'),
      route('special-discount', 'routes/special-discount.tsx'),
      route('discount-detail', 'routes/discount-detail.tsx'),
      route('coupons', 'routes/coupons.tsx'),
      route('cart', 'routes/cart.tsx'),
      route('submit-order', 'routes/submit-order.tsx'),
      route('order-detail', 'routes/order-detail.tsx'),
      route('return-detail', 'routes/return-detail.tsx'),
      route('invoice-detail', 'routes/invoice-detail.tsx'),
      route('payment', 'routes/payment.tsx'),
      route('payment/result', 'routes/payment-result.tsx'),
      route('weixin-pay', 'routes/weixin-pay.tsx'),
      route('write-comments', 'routes/write-comments.tsx'),
      ...prefix('user-center', [
        layout('routes/user-center.tsx', [
          index('routes/user-center.index.tsx'),
          route('uc-account', 'routes/user-center.uc-account.tsx'),
          route('uc-password', 'routes/user-center.uc-password.tsx'),
          route('uc-address', 'routes/user-center.uc-address.tsx'),
          route('uc-collection', 'routes/user-center.uc-collection.tsx'),
          route('uc-footprint', 'routes/user-center.uc-footprint.tsx'),
          route('uc-balance', 'routes/user-center.uc-balance.tsx'),
          route('uc-integral', 'routes/user-center.uc-integral.tsx'),
          route('uc-coupons', 'routes/user-center.uc-coupons.tsx'),
          route('uc-comments', 'routes/user-center.uc-comments.tsx'),
          route('uc-order', 'routes/user-center.uc-order.tsx'),
          route('uc-return', 'routes/user-center.uc-return.tsx'),
          route('uc-invoice', 'routes/user-center.uc-invoice.tsx'),
          route('apply-return', 'routes/user-center.apply-return.tsx'),
          route('uc-freeshop', 'routes/user-center.uc-freeshop.tsx'),
          route('uc-shopaccount', 'routes/user-center.uc-shopaccount.tsx'),
        ]),
      ]),
      ...prefix('member-center', [
        route('member-center', 'routes/member-center.member-center.tsx'),
        route('member-equity', 'routes/member-center.member-equity.tsx'),
        route('buy-member', 'routes/member-center.buy-member.tsx'),
      ]),
    ]),
    layout('layouts/policy.tsx', [route('termsPage', 'routes/terms-page.tsx')]),
    // The chat page has no top bar, header or footer (section 2): it draws its own page.
    route('chat', 'routes/chat.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

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
      ...prefix('user-center', [
        layout('routes/user-center.tsx', [
          index('routes/user-center.index.tsx'),
          route('uc-account', 'routes/user-center.uc-account.tsx'),
          route('uc-password', 'routes/user-center.uc-password.tsx'),
        ]),
      ]),
    ]),
    layout('layouts/policy.tsx', [route('termsPage', 'routes/terms-page.tsx')]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

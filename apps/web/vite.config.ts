import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { serverEnv } from './app/lib/env.server.ts';
import { payMarksPlugin } from './pay-marks.js';
import { onwarn } from '../../scripts/vite-build.ts';

// Dev only: the production server (server.js) proxies the same paths to the API.
const api = serverEnv.apiUrl;

// What every page runs (UI primitives, the API client, i18n, the layout and the traffic log) goes
// in one chunk rather than a dozen sub-kilobyte ones: fewer requests and better compression.
const SHELL = ['/app/components/', '/app/lib/', '/app/features/layout/', '/app/features/analytics/', '/app/features/account/login-store.ts', '/app/features/account/login-session.ts'];

/**
 * zod compiles object parsers with new Function() when eval works, and probes for it as each object
 * schema is created. The storefront's CSP forbids eval, so the probe alone is reported as a
 * violation. In the browser build zod's global config says jitless before zod itself runs (a call
 * to z.config() would come too late: route modules, and their schemas, load before entry.client).
 */
function zodJitlessInBrowser(): Plugin {
  return {
    name: 'zod-jitless-in-browser',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}

/**
 * React Router's package exports name its development build for every condition (decision 048):
 * the browser bundle takes the production build of the same version instead, without the dev
 * warnings and checks. The server does the same at run time (production-router.js); the SSR build
 * leaves react-router external, so only the browser's resolution is changed here.
 */
function reactRouterProductionInBrowser(): Plugin {
  return {
    name: 'react-router-production-in-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || (source !== 'react-router' && source !== 'react-router/dom')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
    },
  };
}

export default defineConfig({
  plugins: [zodJitlessInBrowser(), reactRouterProductionInBrowser(), payMarksPlugin(), reactRouter()],
  build: {
    rollupOptions: {
      // The known harmless warnings of the dependencies are dropped (scripts/vite-build.ts).
      onwarn,
      output: {
        manualChunks(id) {
          // Form helpers stay with the forms (login popup, account pages), which load on demand, and so
          // do the region picker and its address schema, and the image upload, its file schema and the forms' picture picker
          // (zod stays out of the shell: decision 011). The review stars and links go with the review and order pages, and the
          // forms' submit hook, the picture checks and the countdown with the pages that use them (none of the landing pages),
          // and what the activity features share (lib/activity/: the server clock) with the flash-sale and group-buy chunks, and the
          // checkouts' shared parts (components/checkout/) with the checkout pages, the top-up's and membership's pay-method choice
          // with those pages, and the routes' 'could not load' page with the routes that show it (none of them a landing page).
          if (id.includes('/components/load-failed.') || id.includes('/components/pay-method-choice.')) return undefined;
          if (id.includes('/text-field.') || id.includes('/form-errors.') || id.includes('/use-form-submit.') || id.includes('/image-file.') || id.includes('/countdown.') || id.includes('/region-picker.') || id.includes('/use-image-upload.') || id.includes('/picture-picker.') || id.includes('/components/ui/stars.') || id.includes('/lib/review-paths.') || id.includes('/lib/activity/') || id.includes('/components/checkout/')) return undefined;
          if (SHELL.some((part) => id.includes(part)) && !id.includes('.server.')) return 'shell';
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, rewrite: (p) => p.replace(/^\/api/, ''), ws: true },
      '/uploads': api,
      '/sandbox': api,
    },
  },
});

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', '**/migrations/**', 'data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment only in env.ts.' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...layerRules,
  {
    // The few files allowed to read the environment.
    files: ['apps/server/src/env.ts', 'apps/server/src/test/test-app.ts', 'apps/web/app/lib/env.server.ts', 'apps/web/server.js', 'apps/platform/server.js', 'apps/merchant/server.js', 'apps/web/playwright.config.ts', 'scripts/**', 'apps/server/scripts/**', 'bench/**', 'apps/web/tests/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);

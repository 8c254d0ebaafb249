// The server's layers and the web's features, enforced (docs/decisions/017-layers-enforced-by-lint.md):
//   http/ (routes) -> flows/ -> modules/<domain>/ -> db, lib, providers
// A module imports no other module, no flow and no route, and only its own schema file(s); a flow
// imports no route; a web feature imports no other feature. Plain `no-restricted-imports` with a
// regex per zone: the import text is matched, and modules sit one level deep under modules/, so
// '../x/...' from a module is always another module.
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** The schema files (db/schema/<file>.ts) each module owns: one owner per file. */
const SCHEMA_OWNED = {
  account: ['account'],
  address: ['address'],
  admin: ['admin'],
  audit: ['audit'],
  aftersale: ['aftersale'],
  auth: ['auth'],
  cart: ['cart'],
  catalog: ['catalog'],
  chat: ['chat'],
  collection: ['collection'],
  content: ['content'],
  invoice: ['invoice'],
  logistics: ['logistics'],
  member: ['member'],
  merchant: ['merchant'],
  order: ['order'],
  payment: ['payment'],
  pointsmall: ['points-mall'],
  pricing: [],
  product: ['product'],
  promotion: ['promotion'],
  review: ['review'],
  search: ['search'],
  seckill: ['seckill'],
  // The group-buy tables sit in schema/promotion.ts (issue 29) beside the other promotions.
  group: ['promotion'],
  shop: ['shop'],
  upload: ['upload'],
  wallet: ['wallet', 'points'],
};

const modules = dirs('./apps/server/src/modules/');
const features = dirs('./apps/web/app/features/');

for (const name of modules) {
  if (!SCHEMA_OWNED[name]) throw new Error(`eslint.layers.js: say which schema files module "${name}" owns (SCHEMA_OWNED)`);
}

const moduleImportPatterns = [
  { regex: '^\\.\\./(?!\\.\\./)', message: 'A module imports no other module: work that spans domains is a flow (src/flows), and a read of another domain goes through its service.' },
  { regex: '^\\.\\./\\.\\./(flows|http)/', message: 'A module imports no flow and no HTTP route: calls run http -> flows -> modules.' },
  { regex: '^\\.\\./\\.\\./(app|server|jobs)\\.ts$', message: 'A module does not import the app wiring.' },
];

/**
 * A module may import only its own schema files (and the shared column helpers), never the schema.ts
 * barrel. A read that must join another owner's rows in the same statement takes that owner's named
 * query or statement part, handed in by a flow (db/named-query.ts, decision 017).
 */
function schemaPatterns(name) {
  const allowed = [...SCHEMA_OWNED[name], 'columns'];
  return [
    { regex: '^\\.\\./\\.\\./db/schema(\\.ts)?$', message: `Import the schema file of the tables module "${name}" owns (db/schema/<domain>.ts), not the barrel.` },
    {
      regex: `^\\.\\./\\.\\./db/schema/(?!(${allowed.join('|')})\\.ts$)`,
      message: `Module "${name}" owns ${SCHEMA_OWNED[name].map((f) => `schema/${f}.ts`).join(', ')}: another domain's tables are read through that module's service or a named query it exports, coordinated by a flow.`,
    },
  ];
}

export const layerRules = [
  ...modules.flatMap((name) => [
    {
      files: [`apps/server/src/modules/${name}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [...moduleImportPatterns, ...schemaPatterns(name)] }] },
    },
    {
      // A module's tests may look at any table to check what happened, build the app and use the kits in src/test.
      files: [`apps/server/src/modules/${name}/**/*.test.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: moduleImportPatterns.slice(0, 2) }] },
    },
  ]),
  {
    files: ['apps/server/src/flows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./http/', message: 'A flow imports no HTTP route: routes call flows, never the other way.' },
            { regex: '^\\.\\./(app|server)\\.ts$', message: 'A flow does not import the app wiring.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,providers,db}/**/*.ts'],
    ignores: ['apps/server/src/db/seed/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(modules|flows|http)/', message: 'lib, providers and db sit below the modules and import none of them.' }] },
      ],
    },
  },
  ...features.map((name) => ({
    files: [`apps/web/app/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./(?!\\.\\./)|(\\.\\./)+features/(?!${name}/)|~/features/(?!${name}/))`,
              message: 'A feature imports no other feature: compose features in the route (app/routes), or move what both need to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
];

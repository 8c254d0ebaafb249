// The API as a developer meets it at /docs: every operation says what it does, what it takes and
// answers, and how it fails. The error answers are generated (plugins/openapi.ts), so this walks
// the whole document rather than trusting each route.
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { ENCRYPT_PASSWORD_PATH } from './docs-helpers.ts';

let t: TestApp;

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, path, op })));

beforeAll(async () => {
  t = await ensureSeeded();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});

describe('/docs/json', () => {
  it('documents many operations', () => {
    expect(operations().length).toBeGreaterThan(80);
  });

  it('gives every operation a summary', () => {
    expect(operations().filter(({ op }) => !op.summary?.trim()).map(({ id }) => id)).toEqual([]);
  });

  it('gives every operation a success answer and a 400 with the reason as text', () => {
    const missing = operations().filter(({ op }) => {
      const success = Object.keys(op.responses).some((code) => /^[23]/.test(code));
      return !success || !op.responses['400']?.content?.['text/plain'];
    });
    expect(missing.map(({ id }) => id)).toEqual([]);
  });

  it('gives every operation behind a token a 401 and the token scheme, and every named resource a 404', () => {
    const tokenRoutes = operations().filter(({ path }) => /^\/(p|merchant|admin)\//.test(path) && !/\/(login|register)/.test(path) && path !== '/merchant/login' && path !== '/admin/login');
    expect(tokenRoutes.length).toBeGreaterThan(40);
    expect(tokenRoutes.filter(({ op }) => !op.responses['401'] || !op.security?.length).map(({ id }) => id)).toEqual([]);
    const named = operations().filter(({ path }) => path.includes('{'));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter(({ op }) => !op.responses['404']).map(({ id }) => id)).toEqual([]);
    expect(doc.paths['/login']!.post!.responses['401']).toBeUndefined();
    expect(doc.paths['/login']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/webConfig/getInviteConfig']!.get!.responses['404']).toBeDefined();
  });

  it('documents request and response schemas from the zod schemas', () => {
    const login = doc.paths['/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('passWord');
    expect(JSON.stringify(login.responses['200'])).toContain('accessToken');
  });
});

describe('trying /login from the docs', () => {
  it('describes the password cipher where /login is documented, naming the helper', () => {
    const login = doc.paths['/login']!.post!;
    expect(login.description).toMatch(/AES-128-ECB/);
    expect(login.description).toContain(ENCRYPT_PASSWORD_PATH);
    expect(doc.paths[ENCRYPT_PASSWORD_PATH]!.post!.summary).toBeTruthy();
  });

  it('logs in with the ciphertext the helper answers', async () => {
    const help = await t.app.inject({ method: 'POST', url: ENCRYPT_PASSWORD_PATH, payload: { password: 'bazaar123' } });
    expect(help.statusCode, help.body).toBe(200);
    const { passWord } = help.json() as { passWord: string };
    const login = await t.app.inject({ method: 'POST', url: '/login', payload: { userName: 'buyer02', passWord } });
    expect(login.statusCode, login.body).toBe(200);
    expect(TokenSchema.parse(login.json()).accessToken).toBeTruthy();
  });

  it('answers this machine only', async () => {
    const res = await t.app.inject({ method: 'POST', url: ENCRYPT_PASSWORD_PATH, payload: { password: 'bazaar123' }, remoteAddress: '203.0.113.9', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(403);
  });
});

// The fuzz check (issue 8): every operation of the OpenAPI document gets malformed JSON, bodies of
// the wrong type, and — in every parameter and body field, one at a time beside plausible values
// in the others — wrong types, control characters and huge values. None may answer 5xx.
// Generated from /docs/json, so a new route is fuzzed without anyone listing it.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createTestShop } from '../test/staff-test-kit.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Values no field should take: wrong types, control characters, and sizes past every limit. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  {},
  [],
  -1,
  1.5,
  2 ** 31,
  2 ** 63,
  1e308,
  '',
  'a\u0000b',
  '\u001b[2J\u007f',
  '1e400',
  '99999999999999999999999999',
  'x'.repeat(100_000),
];

/** A value the field would plausibly accept, so a bad value in one field is judged alone. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return plausible(alt);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every field path of a JSON body schema (nested objects and the first array item), as key lists. */
function fieldPaths(schema: JsonSchema | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  if (schema.properties) return Object.entries(schema.properties).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
  if (schema.items) return fieldPaths(schema.items, [...prefix, 0]);
  return [];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as Record<string, unknown>) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = withValue(copy[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
}

interface Case {
  label: string;
  request: InjectOptions;
}

function casesOf(method: string, route: string, op: Operation, headers: Record<string, string>): Case[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
  const baseParams = Object.fromEntries(params.map((p) => [p.name, plausible(p.schema)]));
  const json = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const baseBody = json ? plausible(json) : undefined;

  const build = (values: Record<string, unknown>, body?: { payload: string; type?: string }): InjectOptions => {
    let url = route;
    const query = new URLSearchParams();
    for (const p of params) {
      const v = values[p.name];
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asText(v)) || '%20');
      else if (v !== undefined) query.set(p.name, asText(v));
    }
    const qs = query.toString();
    return {
      method: method as InjectOptions['method'],
      url: qs ? `${url}?${qs}` : url,
      headers: { ...headers, ...(body ? { 'content-type': body.type ?? 'application/json' } : {}) },
      ...(body ? { payload: body.payload } : {}),
    };
  };
  const bodyOf = (value: unknown) => (hasBody && value !== undefined ? { payload: JSON.stringify(value) } : undefined);

  const cases: Case[] = [];
  for (const p of params) {
    for (const bad of BAD_VALUES) {
      if (p.in === 'path' && asText(bad).length > 1_000) continue; // a path that long is refused by the router (414-like 404)
      cases.push({ label: `${p.in} ${p.name}=${asText(bad).slice(0, 20)}`, request: build({ ...baseParams, [p.name]: bad }, bodyOf(baseBody)) });
    }
  }
  if (hasBody) {
    cases.push({ label: 'malformed JSON', request: build(baseParams, { payload: '{"a": [1, 2' }) });
    cases.push({ label: 'JSON with a NUL escape', request: build(baseParams, { payload: '{"a":"\\u0000"}' }) });
    cases.push({ label: 'form body', request: build(baseParams, { payload: 'a=%00&b=1', type: 'application/x-www-form-urlencoded' }) });
    for (const whole of [null, 'x', 42, [], {}, [null]]) cases.push({ label: `body ${JSON.stringify(whole)}`, request: build(baseParams, { payload: JSON.stringify(whole) }) });
    for (const path of fieldPaths(json)) {
      for (const bad of BAD_VALUES) {
        cases.push({ label: `body ${path.join('.')}=${asText(bad).slice(0, 20)}`, request: build(baseParams, bodyOf(withValue(baseBody, path, bad))) });
      }
    }
  }
  return cases;
}

let t: TestApp;
let doc: Document;
let shopperToken: string;
let merchantToken: string;

beforeAll(async () => {
  t = await ensureSeeded();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  shopperToken = (await registerUser(t)).token;
  // A shop of its own: a fuzz case that happens to be valid (ending a promotion, saving a freight
  // rule) must not change the seeded shops other files count on.
  merchantToken = await merchantLogin(t, (await createTestShop(t)).shopId);
});

describe('every operation of the OpenAPI document', () => {
  // Thousands of requests one after another: about a minute on an idle 2-core machine, growing with
  // every operation added, and several times that on a loaded one (a CI run beside other work).
  it('answers malformed, mistyped, NUL-laden and huge input without a 5xx', { timeout: 600_000 }, async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([route, ops]) => Object.entries(ops).map(([method, op]) => ({ route, method: method.toUpperCase(), op })))
      // Logging out ends the token the other operations use: those go last.
      .sort((a, b) => Number(/logout/i.test(a.route)) - Number(/logout/i.test(b.route)));
    expect(operations.length).toBeGreaterThan(50);

    const failures: string[] = [];
    let requests = 0;
    for (const { route, method, op } of operations) {
      const headers = { 'accept-language': 'en', authorization: route.startsWith('/merchant') ? merchantToken : shopperToken };
      const cases = casesOf(method, route, op, headers);
      for (const c of cases) {
        const res = await t.app.inject(c.request);
        requests++;
        if (res.statusCode >= 500) failures.push(`${method} ${route} ${c.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(requests).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });
});

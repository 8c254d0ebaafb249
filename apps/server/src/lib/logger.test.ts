import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.ts';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { createLogger, lazyChildLogger, serializeError } from './logger.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe('error logs', () => {
  it('never carry the phone number or address of a failing query', async () => {
    const { lines, sink } = capture();
    const app = await buildApp({ ctx: t.ctx, logger: createLogger('error', sink) });
    const taken = await registerUser(t);
    const address = '文三路 90 号 1 幢 302 室';
    // A statement that fails with the phone in its parameters and in PostgreSQL's detail (a duplicate key).
    app.get('/test/failing-query', async () => {
      await t.ctx.db.insert(users).values({ id: 'f'.repeat(32), mobile: taken.mobile, nickName: address.slice(0, 15) });
      return 'unreachable';
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/test/failing-query' });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('');
      expect(logged).toContain('unhandled error');
      expect(logged).toContain('Failed query: insert into');
      expect(logged).toContain('users_mobile');
      expect(logged).not.toContain(taken.mobile);
      expect(logged).not.toContain('文三路');
    } finally {
      await app.close();
    }
  });

  it('keeps what is needed to find the fault: type, SQL, code and stack', async () => {
    const err = Object.assign(new Error('Failed query: select $1\nparams: 13912345678,Hangzhou'), { params: ['13912345678'], code: '23505', detail: 'Key (mobile)=(13912345678) already exists.' });
    const out = serializeError(err) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'Error', message: 'Failed query: select $1\nparams: [redacted]', code: '23505' });
    expect(out).not.toHaveProperty('params');
    expect(out).not.toHaveProperty('detail');
    expect(JSON.stringify(out)).not.toContain('13912345678');
  });
});

describe('request logs', () => {
  async function logsOf(logRequests: 'true' | 'false') {
    const { lines, sink } = capture();
    const env = { ...t.ctx.env, ...loadEnv({ NODE_ENV: 'test', LOG_REQUESTS: logRequests }), dataDir: t.ctx.env.dataDir };
    const app = await buildApp({ ctx: { ...t.ctx, env }, logger: createLogger('info', sink) });
    try {
      await app.inject({ method: 'GET', url: '/webConfig/getPcWebConfig' });
    } finally {
      await app.close();
    }
    return lines.map((line) => JSON.parse(line) as { msg: string });
  }

  it('are written at info unless LOG_REQUESTS turns them off (npm start does, until LOG_LEVEL is set)', async () => {
    expect((await logsOf('true')).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect((await logsOf('false')).map((l) => l.msg)).not.toContain('incoming request');
    expect((await logsOf('false')).map((l) => l.msg)).not.toContain('request completed');
  });
});

describe("a request's logger with request logs off", () => {
  it('becomes the child with the request id only when something logs through it', () => {
    const { lines, sink } = capture();
    const parent = createLogger('info', sink);
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    log.error({ err: new Error('boom') }, 'failed');
    log.warn('again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => JSON.parse(line) as { reqId: string; msg: string })).toMatchObject([
      { reqId: 'req-7', msg: 'failed', level: 50 },
      { reqId: 'req-7', msg: 'again', level: 40 },
    ]);
  });
});

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../test/test-app.ts';

describe('/uploads/', () => {
  it('serves files under <dataDir>/uploads with long cache headers', async () => {
    const t = await getTestApp();
    const dir = path.join(t.ctx.env.dataDir, 'uploads', 'test');
    const name = `u-${process.pid}-${Date.now()}.svg`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    try {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/test/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.body).toContain('<svg');
    } finally {
      rmSync(path.join(dir, name));
    }
  });

  it('answers a missing file with 404 and refuses a path escape', async () => {
    const t = await getTestApp();
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/seed/no-such-file.svg' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fpackage.json' });
    expect(escape.statusCode).toBeGreaterThanOrEqual(400);
    expect(escape.statusCode).toBeLessThan(500);
    expect(escape.body).not.toContain('workspaces');
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves <dataDir>/uploads at /uploads/ (seed pictures and user uploads). Every stored file has a
 * unique name that never changes content, so browsers may cache it for a long time. Uploaded
 * images were re-encoded on the way in (modules/account/upload.ts).
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const root = path.join(app.ctx.env.dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '30d',
    immutable: true,
    schemaHide: true,
    // Files are shown as what their name says, never sniffed into HTML; an SVG opened on its own
    // runs no script and loads nothing.
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });
}

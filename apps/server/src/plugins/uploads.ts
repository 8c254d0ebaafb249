import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves <dataDir>/uploads at /uploads/ (seed pictures and user uploads). Every stored file has a
 * unique name that never changes content, so browsers may cache it for a long time.
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
  });
}

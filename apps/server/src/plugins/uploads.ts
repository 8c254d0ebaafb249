import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { EXTENSION_KIND, imageExtensionOf, KIND_MIME } from '../lib/images.ts';

const HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * Serves <dataDir>/uploads at /uploads/ (seed pictures and, with disk storage, user uploads). With
 * a bucket (S3_*), uploaded images and avatars are read from it, so every instance serves what any
 * instance stored; the seed's pictures are drawn by each instance into its own DATA_DIR. Every stored file has a
 * unique name that never changes content, so browsers may cache it for a long time. Uploaded
 * images were re-encoded on the way in (modules/account/upload.ts).
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  // Files are shown as what their name says, never sniffed into HTML; an SVG opened on its own runs
  // no script and loads nothing. Set on the reply (this plugin's routes only), where the app's
  // security headers are, so they replace that policy (@fastify/static copies the reply's headers
  // onto the response after its own `setHeaders`).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(HEADERS);
    done();
  });
  const { storage } = app.ctx.providers;
  if (storage.kind !== 'disk') {
    for (const folder of ['images', 'avatars']) {
      app.get<{ Params: { name: string } }>(`/uploads/${folder}/:name`, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
        const ext = imageExtensionOf(request.params.name);
        const file = ext && /^[A-Za-z0-9_.-]+$/.test(request.params.name) ? await storage.get(`uploads/${folder}/${request.params.name}`) : null;
        if (!file || !ext) return reply.code(404).type('text/plain').send('Not Found');
        return reply
          .type(KIND_MIME[EXTENSION_KIND[ext]])
          .header('Cache-Control', 'public, max-age=2592000, immutable')
          .send(file.bytes);
      });
    }
  }
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

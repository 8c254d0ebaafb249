// HTTP for the upload module: a shopper's images (multipart, one `file` part) and the signed links
// that show private ones. Public images are served by the static /uploads route (plugins/uploads.ts).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { PrivateFileParamSchema, SignedFileQuerySchema, UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import { invalid } from '../lib/app-error.ts';
import { shopperId } from '../plugins/auth.ts';
import { fileLink, openPrivateFile, PRIVATE_LINK_TTL_MS, saveImage, type Visibility } from '../modules/upload/service.ts';

const tags = ['upload'];

/** The one file part of a multipart request, or the spec's messages. */
export async function readImagePart(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalid('errors.upload.missing');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw invalid('errors.upload.missing');
  try {
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('errors.upload.size');
    throw err;
  }
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  const upload = (visibility: Visibility) => async (request: FastifyRequest) => {
    const path = await saveImage(ctx, { userId: shopperId(request), visibility, file: await readImagePart(request) });
    return { path, url: await fileLink(ctx, path) };
  };
  const schema = { tags, consumes: ['multipart/form-data'], response: { 200: UploadedFileSchema } };
  const config = { limit: 'upload' } as const;
  api.post('/p/file/upload/public', { config, schema: { summary: 'Upload a public picture (store application)', ...schema, description: 'An image everyone may see (a store logo): JPG, JPEG, PNG or GIF, at most 2 MB.' } }, upload('public'));
  api.post(
    '/p/file/upload/private',
    { config, schema: { summary: 'Upload a private document (store application licences)', ...schema, description: 'A document only its owner and platform staff may see (business licence, ID card); answered with a signed link.' } },
    upload('private'),
  );

  api.get(
    '/uploads/private/:name',
    { config: { auth: 'public' }, schema: { summary: 'A private document by its signed link', tags, params: PrivateFileParamSchema, querystring: SignedFileQuerySchema } },
    async (request, reply) => {
      const file = await openPrivateFile(ctx, { name: request.params.name, ...request.query });
      return reply
        .type(file.mime)
        .header('Cache-Control', `private, max-age=${PRIVATE_LINK_TTL_MS / 1000}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        // A PDF (an issued invoice) is saved, not opened: browsers refuse to show one in a sandbox.
        // No file name here, so the page's download attribute names it (invoice-<order number>.pdf).
        .header('Content-Disposition', file.mime === 'application/pdf' ? 'attachment' : 'inline')
        .send(file.bytes);
    },
  );
}

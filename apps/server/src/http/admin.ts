// HTTP for platform staff (the console UI comes later). Every route but the login needs an admin
// token (plugins/auth.ts); shopper and merchant tokens are refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { AdminLoginSchema, AdminProfileSchema } from '@bazaar/shared/schemas/admin';
import { signInAdmin } from '../flows/sign-in.ts';
import { adminId } from '../plugins/auth.ts';
import { getProfile } from '../modules/admin/service.ts';
import { revokeToken } from '../modules/auth/service.ts';

const tags = ['admin'];
const security = [{ token: [] }];

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.post(
    '/admin/login',
    { config: { auth: 'public', limit: 'login' }, schema: { tags, body: AdminLoginSchema, response: { 200: TokenSchema } } },
    (request) => signInAdmin(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  api.post('/admin/logout', { schema: { tags, security } }, async (request, reply) => {
    await revokeToken(ctx, 'admin', request.headers.authorization);
    return reply.code(200).send();
  });
  api.get('/admin/me', { schema: { tags, security, response: { 200: AdminProfileSchema } } }, (request) => getProfile(ctx, adminId(request)));
}

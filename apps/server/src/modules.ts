import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/account/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';

/** Every domain module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(contentRoutes);
}

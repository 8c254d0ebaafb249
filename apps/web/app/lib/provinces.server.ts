// The province list (the first box of every region picker) that the address book, checkout and the
// store application render with: the same for every visitor, and it changes only when the area
// table is seeded again. Kept per language (the API names them in the visitor's language) by each
// storefront process, so those pages no longer ask the API for it on every request.
import { AreaSchema, type Area } from '@bazaar/shared/schemas/address';
import { api } from './api.ts';
import type { apiContextFor } from './request-api.server.ts';
import { createSharedData } from './shared-data.server.ts';

export const PROVINCES_TTL_MS = 10 * 60_000;

const provinceData = createSharedData(() => Date.now(), PROVINCES_TTL_MS);

/** The provinces in the request's language; asked once per language and TTL (a failure is not kept). */
export function loadProvinces(context: ReturnType<typeof apiContextFor>, store = provinceData): Promise<Area[]> {
  return store(`provinces:${context.lang}`, () => api('/p/area/listByPid', { ...context, query: { pid: 0 }, schema: AreaSchema.array() }));
}

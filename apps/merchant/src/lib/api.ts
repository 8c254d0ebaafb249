// The merchant center's API client (packages/shared/src/console/api-client.ts), its store session in this tab.
import { createConsoleApi } from '@bazaar/shared/console/api-client';

export { ApiError } from '@bazaar/shared/console/api-client';
export const { api, session, whenUnauthorized } = createConsoleApi('bazaar-merchant-token', () => sessionStorage);

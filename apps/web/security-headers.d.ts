import type { HelmetOptions } from 'helmet';

/** See security-headers.js. */
export function contentSecurityPolicy(options?: { alipayGatewayUrl?: string }): HelmetOptions['contentSecurityPolicy'];

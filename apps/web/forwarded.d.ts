import type { IncomingMessage } from 'node:http';

/** See forwarded.js. */
export function forwardedHeaders(trustedProxies: string | undefined): (req: IncomingMessage) => void;

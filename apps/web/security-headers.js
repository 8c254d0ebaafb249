// The storefront's Content-Security-Policy (helmet's directive format). Scripts run only from this
// origin or with the response's nonce (React Router's inline hydration scripts carry it).
// Inline style attributes stay allowed: React renders some (carousel ratio, zoom origin, ticker)
// and sanitized rich text keeps them; style elements and style files come from this origin only.

/** AMap's JS API, its data calls and its tiles: admitted only when a map key is configured. */
const AMAP_ORIGINS = ['https://webapi.amap.com', 'https://*.amap.com', 'https://*.autonavi.com'];

/**
 * @param {{ alipayGatewayUrl?: string, amap?: boolean }} options the real Alipay cashier the payment
 *   page posts to; whether the store application's map picker (AMap) is on
 * @returns {import('helmet').HelmetOptions['contentSecurityPolicy']}
 */
export function contentSecurityPolicy({ alipayGatewayUrl, amap = false } = {}) {
  const alipay = new URL(alipayGatewayUrl || 'https://openapi.alipay.com/gateway.do').origin;
  const map = amap ? AMAP_ORIGINS : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`, ...map],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...map],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...map],
      // AMap draws with web workers made from blobs.
      ...(amap ? { workerSrc: ["'self'", 'blob:'] } : {}),
      formAction: ["'self'", alipay],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  };
}

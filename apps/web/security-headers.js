// The storefront's Content-Security-Policy (helmet's directive format). Scripts run only from this
// origin or with the response's nonce (React Router's inline hydration scripts carry it).
// Inline style attributes stay allowed: React renders some (carousel ratio, zoom origin, ticker)
// and sanitized rich text keeps them; style elements and style files come from this origin only.

/**
 * @param {{ alipayGatewayUrl?: string }} options the real Alipay cashier the payment page posts to
 * @returns {import('helmet').HelmetOptions['contentSecurityPolicy']}
 */
export function contentSecurityPolicy({ alipayGatewayUrl } = {}) {
  const alipay = new URL(alipayGatewayUrl || 'https://openapi.alipay.com/gateway.do').origin;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      formAction: ["'self'", alipay],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  };
}

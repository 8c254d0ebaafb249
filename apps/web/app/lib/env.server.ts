// The storefront server's only reader of process.env.
export const serverEnv = {
  /** Where SSR loaders reach the API (the browser goes through the /api proxy instead). */
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
  /**
   * AMap (Gaode) JS API key and its security code: with both, the store application shows a map
   * picker (and the page policy admits AMap's origins, security-headers.js); without, nothing of
   * AMap is loaded and the pin is set with coordinate fields.
   */
  amap: process.env.AMAP_JS_KEY && process.env.AMAP_SECURITY_CODE ? { key: process.env.AMAP_JS_KEY, securityCode: process.env.AMAP_SECURITY_CODE } : null,
};

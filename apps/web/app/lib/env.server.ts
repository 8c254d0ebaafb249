// The storefront server's only reader of process.env.
export const serverEnv = {
  /** Where SSR loaders reach the API (the browser goes through the /api proxy instead). */
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
};

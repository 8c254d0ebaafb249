// Pages whose document is the same for a logged-in shopper and a visitor (decision 051): their
// loaders ask the API nothing personal, and what is the shopper's own on them (the name in the top
// bar, the cart count, whether the product is collected, the footprint) the browser asks for after
// the page has loaded. The page cache (page-cache.js) serves them to shoppers too, and the root
// loader (app/lib/root-data.server.ts) leaves the user to the browser on them.

/** The home page, the product list and the product page, in either language. */
const SHARED_PATH = /^(?:\/en)?(?:\/list|\/detail(?:\/[^/]+)?)?\/?$/;

/** @param {string} path a request's path, without the query */
export function isSharedPage(path) {
  return SHARED_PATH.test(path);
}

/** Set by the page cache on a request for a shared page; dropped from whatever a client sends. */
export const SHARED_PAGE_HEADER = 'x-bazaar-shared-page';

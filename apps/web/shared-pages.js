// Pages whose document is the same for a logged-in shopper and a visitor (decision 052): on them the
// server's loaders ask the API nothing personal, and what is the shopper's own (the name in the top
// bar, the cart count, whether the product is collected, the footprint, the cart, the orders) the
// browser asks for as the page loads. The page cache (page-cache.js) serves them to shoppers too, and the root
// loader (app/lib/root-data.server.ts) leaves the user to the browser on them.

/**
 * The home page, the product list and the product page, in either language; and the cart and the
 * order list, whose data the browser asks for (their routes' clientLoader).
 */
const SHARED_PATH = /^(?:\/en)?(?:\/list|\/detail(?:\/[^/]+)?|\/cart|\/user-center\/uc-order)?\/?$/;

/** @param {string} path a request's path, without the query */
export function isSharedPage(path) {
  return SHARED_PATH.test(path);
}

/** Set by the page cache on a request for a shared page; dropped from whatever a client sends. */
export const SHARED_PAGE_HEADER = 'x-bazaar-shared-page';

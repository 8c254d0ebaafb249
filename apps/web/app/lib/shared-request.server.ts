import { SHARED_PAGE_HEADER } from '../../shared-pages.js';

/**
 * Whether the page cache marked this request as a shared page (decision 052): it is rendered as
 * for a visitor, and what is the shopper's own is asked for by the browser.
 */
export function isSharedRender(request: Request): boolean {
  return request.headers.get(SHARED_PAGE_HEADER) === '1';
}

/** See shared-pages.js. */
export function isSharedPage(path: string): boolean;
export const SHARED_PAGE_HEADER: string;

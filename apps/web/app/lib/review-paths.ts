// Links to the review pages. Kept out of lib/paths.ts, which every page loads in the shell: only
// the order and review pages use these (vite.config.ts leaves this file with them; decision 011).

/** The page that writes the reviews of an order's lines (the order list, its detail and "my reviews" link to it). */
export const writeReviewsPath = (orderNumber: string) => `/write-comments?orderNumber=${encodeURIComponent(orderNumber)}`;

import type { uiSearch as zh } from '../zh/ui-search.ts';
import type { Widen } from '../widen.ts';

export const uiSearch: Widen<typeof zh> = {
  listPage: {
    title: 'Products',
    resultsFor: 'Results for “{{term}}”',
    couponProducts: 'Products for “{{name}}”',
    couponFace: '{{offer}} · {{scope}}',
    allProducts: 'All products',
    count_one: '{{count}} product found',
    count_other: '{{count}} products found',
    countCapped: '{{total, number}}+ products found',
    resultsLabel: 'Search results',
    filters: {
      label: 'Filters',
      category: 'Category',
      allCategories: 'All categories',
      price: 'Price',
      minPrice: 'Min price (¥)',
      maxPrice: 'Max price (¥)',
      apply: 'Apply',
      hasStock: 'In stock only',
      clear: 'Clear filters',
      priceInvalid: 'Enter a valid price with at most two decimals',
    },
    sort: {
      label: 'Sort by',
      overall: 'Best match',
      sales: 'Sales',
      priceAsc: 'Price: low to high',
      priceDesc: 'Price: high to low',
      newest: 'Newest',
    },
    empty: 'Sorry, no related products',
    emptyHint: 'Try another word, or one of these popular searches:',
    errors: {
      priceRange: 'The minimum price cannot be above the maximum price',
    },
  },
};

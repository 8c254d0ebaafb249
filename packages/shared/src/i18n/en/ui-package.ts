// The storefront's discount package texts (decision 046): the product page's block, the cart's
// package units, checkout and the order detail; zh/ui-package.ts has the same keys.
export const uiPackage = {
  packages: {
    title: 'Packages',
    intro: 'Bought together for less',
    price: 'Package price',
    original: 'Bought separately {{amount}}',
    save: 'Save {{amount}}',
    each: '× {{count}}',
    buyNow: 'Buy now',
    buyNowLabel: 'Buy now: the package {{name}}',
    addToCart: 'Add to cart',
    addToCartLabel: 'Add to cart: the package {{name}}',
    added: 'The package is in your cart',
    soldOut: 'Out of stock',
    tag: 'Package',
    setPrice: '{{price}} a set',
    sets: 'Sets of the package {{name}}',
    saved: 'Package saves {{amount}}',
    select: 'Select the package {{name}}',
    remove: 'Delete',
    removeLabel: 'Delete the package {{name}}',
    removed: 'The package was removed',
    unavailable: {
      notStarted: 'Not started yet',
      ended: 'The package has ended',
      offShelf: 'A product is no longer on sale',
      soldOut: 'Out of stock',
    },
    reduce: 'Packages',
  },
};

import type { uiStore as zh } from '../zh/ui-store.ts';
import type { Widen } from '../widen.ts';

export const uiStore: Widen<typeof zh> = {
  homePage: {
    carousel: {
      label: 'Featured',
      slide: 'Slide {{index}} of {{count}}',
      prev: 'Previous slide',
      next: 'Next slide',
      goTo: 'Go to slide {{index}}',
      pause: 'Pause the slides',
      play: 'Play the slides',
    },
    floors: {
      recommended: 'Best sellers',
      recommendedNote: 'What everyone is buying',
      newest: 'New arrivals',
      newestNote: 'Fresh every week',
      more: 'See more',
    },
    seckill: {
      title: 'Flash sale',
      note: 'Low prices for a short time',
      endsAt: 'Ends {{time}}',
    },
    groupBuy: {
      title: 'Group buy',
      note: 'Team up with friends for a lower price',
      people: 'Team of {{count}}',
    },
    discount: {
      title: 'Store deals',
      note: 'Buy more, save more',
    },
  },
  categoryMenu: {
    label: 'Categories',
    title: 'All categories',
  },
  store: {
    errors: {
      notOpen: 'The store does not exist or is not open',
      offline: 'The store has been taken offline, please consult the platform',
    },
    head: {
      score: 'Store rating',
      products: 'Products',
      followers: 'Followers',
      selfRun: 'Official store',
      collect: 'Follow store',
      collected: 'Following',
      collectDone: 'Store followed',
      collectCancelled: 'Store unfollowed',
    },
    nav: {
      label: 'Store categories',
      all: 'All products',
    },
    search: {
      label: 'Search this store',
      placeholder: 'Search products in this store',
      submit: 'Search store',
    },
    products: {
      title: 'Store products',
      resultFor: 'Results for “{{keyword}}”',
      total_one: '{{count}} product',
      total_other: '{{count}} products',
      totalCapped: '{{total, number}}+ products',
      empty: 'Sorry, no related products',
    },
    sort: {
      label: 'Sort',
      default: 'Featured',
      sales: 'Sales',
      newest: 'Newest',
      priceAsc: 'Price: low to high',
      priceDesc: 'Price: high to low',
    },
    notices: {
      title: 'Store notices',
      more: 'All notices',
      empty: 'No notices yet',
      listTitle: 'Notices of {{name}}',
    },
    offline: {
      title: 'The store has been taken offline, please consult the platform',
      text: 'While the store is offline its products are not shown in search or lists and cannot be bought.',
    },
    closed: {
      title: 'The store does not exist or is not open',
      text: 'It may be under review, offline, or the link may be wrong. Have a look at other stores.',
      search: 'Find other stores',
    },
    cart: {
      label: 'My cart',
      count_one: '{{count}} item in your cart',
      count_other: '{{count}} items in your cart',
    },
  },
  storeList: {
    title: 'Stores',
    resultFor_one: '{{count}} store matches “{{name}}”',
    resultFor_other: '{{count}} stores match “{{name}}”',
    all: 'All stores ({{count}})',
    empty: 'No stores found. Try another name.',
    enter: 'Visit store',
    products_one: '{{count}} product on sale',
    products_other: '{{count}} products on sale',
    score: 'Rating {{score}}',
    selfRun: 'Official store',
  },
};

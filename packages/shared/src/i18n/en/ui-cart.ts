import type { uiCart as zh } from '../zh/ui-cart.ts';
import type { Widen } from '../widen.ts';

export const uiCart: Widen<typeof zh> = {
  cartPage: {
    errors: {
      selectOne: 'Please select at least one item',
    },
    title: 'Cart',
    heading: 'My cart',
    total: 'All items {{count}}',
    loadFailed: 'The cart could not be loaded. Please refresh and try again.',
    columns: {
      product: 'Product',
      price: 'Unit price',
      quantity: 'Quantity',
      amount: 'Amount',
      actions: 'Actions',
    },
    selectAll: 'Select all',
    selectShop: 'Select all items of {{name}}',
    selectItem: 'Select {{name}}',
    shopLink: 'Visit the store {{name}}',
    quantity: 'Quantity of {{name}}',
    decrease: 'Decrease the quantity of {{name}}',
    increase: 'Increase the quantity of {{name}}',
    stockLeft: 'Only {{count}} left',
    overStock: 'Insufficient inventory: at most {{count}} can be bought',
    delete: 'Delete',
    deleteItem: 'Delete {{name}}',
    deleted: 'Deleted',
    deleteSelected: 'Delete selected items',
    deleteConfirmTitle: 'Delete items',
    deleteConfirmText: 'Remove the {{count}} selected items from your cart?',
    deleteConfirm: 'Delete',
    keep: 'Keep them',
    summary: {
      label: 'Checkout',
      selected: '{{count}} pieces selected',
      total: 'Total (excl. shipping):',
      subtract: 'Saved {{amount}}',
      settle: 'Settle',
    },
    empty: {
      title: 'Your cart is empty',
      text: 'Go and pick a few things you like.',
      browse: 'Start shopping',
    },
    invalid: {
      title: 'Unavailable items ({{count}})',
      clear: 'Clear unavailable items',
      cleared: 'Unavailable items cleared',
      tag: 'Unavailable',
      reasons: {
        offShelf: 'No longer on sale',
        shopClosed: 'The store is closed',
        skuGone: 'This option is no longer sold',
        cannotBuy: 'This product cannot be bought from the cart',
        soldOut: 'Sold out',
      },
    },
    signIn: {
      title: 'Please log in',
      text: 'Log in to see and manage the items in your cart.',
      button: 'Log in',
      home: 'Back to home',
    },
  },
};

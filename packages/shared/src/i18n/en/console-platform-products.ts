// The platform console's products page (apps/platform/src/features/products.tsx);
// zh/console-platform-products.ts has the same keys.
export const consolePlatformProducts = {
  products: {
    menu: 'Products',
    title: 'Products',
    search: 'Search by product name or ID',
    searchButton: 'Search',
    shopId: 'Shop ID',
    status: { all: 'All statuses', onShelf: 'On the shelf', offShelf: 'Off the shelf', takenDown: 'Taken down' },
    columns: { product: 'Product', shop: 'Shop', price: 'Price', stock: 'Stock', status: 'Status', updated: 'Updated', actions: 'Actions' },
    unlimited: 'Unlimited',
    reason: 'Reason: {{reason}}',
    takeDown: 'Take down',
    lift: 'Lift takedown',
    liftConfirm: 'The merchant may then put the product on the shelf again. Lift the takedown?',
    dialogTitle: 'Take down: {{name}}',
    reasonLabel: 'Reason (the merchant sees it)',
    reasonRequired: 'Enter the reason for the takedown',
    confirm: 'Take down',
    cancel: 'Cancel',
    done: 'Taken down',
    lifted: 'Takedown lifted',
    empty: 'No products',
    total_one: '{{count}} product',
    total_other: '{{count}} products',
  },
};

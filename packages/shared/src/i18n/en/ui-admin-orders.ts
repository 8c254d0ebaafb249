// The API's texts for the platform console's orders (decision 058). Keys are shared with zh/ui-admin-orders.ts.
export const uiAdminOrders = {
  adminOrders: {
    errors: {
      shopId: 'The shop id is invalid',
      orderType: 'The order kind is invalid',
      notFound: 'This order does not exist',
    },
  },
};

// 平台管理“订单管理”接口的提示（decision 058）。键与 en/ui-admin-orders.ts 一致。
export const uiAdminOrders = {
  adminOrders: {
    errors: {
      shopId: '店铺编号不正确',
      orderType: '订单类型不正确',
      notFound: '该订单不存在',
    },
  },
};

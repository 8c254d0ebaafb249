// The platform console's products page (apps/platform/src/features/products.tsx);
// en/console-platform-products.ts has the same keys.
export const consolePlatformProducts = {
  products: {
    menu: '商品管理',
    title: '商品管理',
    search: '搜索商品名称或商品 ID',
    searchButton: '搜索',
    shopId: '店铺 ID',
    status: { all: '全部状态', onShelf: '已上架', offShelf: '已下架', takenDown: '违规下架' },
    columns: { product: '商品', shop: '店铺', price: '价格', stock: '库存', status: '状态', updated: '更新时间', actions: '操作' },
    unlimited: '不限',
    reason: '下架原因：{{reason}}',
    takeDown: '违规下架',
    lift: '解除下架',
    liftConfirm: '解除后商家可重新上架该商品，确认解除？',
    dialogTitle: '违规下架：{{name}}',
    reasonLabel: '下架原因（商家可见）',
    reasonRequired: '请填写下架原因',
    confirm: '确认下架',
    cancel: '取消',
    done: '已下架',
    lifted: '已解除下架',
    empty: '没有商品',
    total_other: '共 {{count}} 件商品',
  },
};

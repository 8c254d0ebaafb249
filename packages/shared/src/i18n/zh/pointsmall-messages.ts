// The points mall (issue 29): the server's messages (errors) for points items and points orders; keys shared with en/pointsmall-messages.ts.
export const pointsmallMessages = {
  pointsmall: {
    errors: {
      notFound: '该积分商品不存在或已不可兑换',
      itemNotFound: '积分商品不存在',
      offShelf: '该积分商品已下架',
      changed: '该积分商品在您确认后已变更（价格或上下架），请重新兑换',
      sku: '请选择商品规格',
      count: '请输入正确的商品数量（1 至 999）',
      insufficient: '库存不足',
      limit: '超出限购数量：每人限兑 {{max}} 件，您还可兑换 {{left}} 件',
      notEnoughScore: '积分不足：本次兑换需要 {{need}} 积分，您当前有 {{have}} 积分',
      tooLarge: '单笔兑换金额过大，请减少兑换数量',
      notRefundable: '积分商城订单不支持退款或退货',
      product: '请选择自营店铺的商品',
      notSelfRun: '只有平台自营店铺的商品可以作为积分商品',
      productDeleted: '该商品已删除',
      productOffShelf: '请先上架该商品：商品上架时积分商品才会展示',
      itemExists: '该商品已是积分商品，请编辑已有的积分商品',
      scorePrice: '积分价格须为 1 至 100,000,000 的整数',
      cashPrice: '现金部分须在 ¥0.00 至 ¥1,000,000.00 之间',
      stocks: '库存须为 0 至 1,000,000 的整数',
      stocksChanged: '期间已有兑换，库存不能低于 0，请刷新后重试',
      noSkuStock: '商品库存不足，无法上架该积分商品',
      maxNum: '每人限兑须为 -1（不限）或 1 至 999',
    },
  },
};

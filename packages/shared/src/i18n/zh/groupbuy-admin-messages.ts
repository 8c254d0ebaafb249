// Group-buy in the consoles (issue 29): the server's messages for the merchant center's and the platform console's
// group activities; keys shared with en/groupbuy-admin-messages.ts. The top-level key `groupbuyAdmin` is this file's
// alone (the catalogs spread their files shallowly).
export const groupbuyAdminMessages = {
  groupbuyAdmin: {
    errors: {
      notFound: '该拼团活动不存在',
      nameRequired: '请输入活动名称',
      nameTooLong: '活动名称最多 30 个字',
      nameEnTooLong: '英文名称最多 60 个字符',
      product: '请选择商品',
      productNotOwned: '只能选择本店的商品',
      productNotOnSale: '该商品未上架，不能参加拼团',
      productBusy: '该商品在这段时间已有秒杀或拼团活动，不能再创建重叠的活动',
      sku: '请选择商品规格',
      skuNotOfProduct: '所选规格不属于该商品',
      skuTwice: '同一规格只能添加一次',
      skusRequired: '请至少添加一个规格',
      price: '拼团价须在 ¥0.01 到 ¥1,000,000 之间',
      priceAbovePrice: '拼团价须低于该规格的售价（¥{{price}}）',
      groupNumber: '成团人数须为 2 到 100 人',
      validHours: '成团有效期须为 1 到 168 小时',
      hasRobot: '请选择是否开启模拟成团',
      maxNum: '每人限购须为 1 到 99 件',
      startTime: '请选择开始时间',
      endTime: '请选择结束时间',
      endAfterStart: '结束时间须晚于开始时间',
      startPassed: '开始时间不能早于现在',
      endPassed: '结束时间须晚于现在',
      tooLong: '拼团活动最长 180 天',
      cannotEnd: '该活动已结束',
      offlineCannotEnd: '该活动已被平台下线，不能提前结束',
      reasonRequired: '请输入下线原因',
      reasonTooLong: '原因最多 200 个字',
      cannotOffline: '只有进行中或未开始的活动可以下线',
      cannotOnline: '只有已下线且未到结束时间的活动可以重新上线',
    },
  },
};

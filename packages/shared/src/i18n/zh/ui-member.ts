// 会员：成长等级、付费会员、会员中心与权益（issue 12）。
export const uiMember = {
  member: {
    errors: {
      levelType: '等级类型只能是成长等级（0）或付费会员（1）',
      levelNotFound: '该会员等级不存在或已停售',
      termNotSold: '该会员等级不按这个时长出售，请重新选择',
      termType: '请选择会员时长：天、周、月、季或年',
      payType: '请选择支付宝、微信或余额支付',
      lowerLevel: '您的{{level}}仍在有效期内，有效期内不能购买更低等级的会员',
      rankTaken: '同类型中已有这个等级序号，请换一个',
      typeFixed: '等级创建后不能改变类型',
      tooMany: '每种类型最多 20 个等级',
      level: '等级序号须为 1 到 99 的整数',
      name: '请填写等级名称（中文最多 20 字，英文最多 40 字）',
      needGrowth: '所需成长值须为 0 到 100,000,000 的整数',
      discount: '会员折扣须在 0.1 到 10 折之间，最多两位小数（10 为不打折）',
      discountRange: '折扣范围只能是全部商品或自营店铺商品',
      rateScore: '积分倍数须在 1 到 10 之间，最多两位小数',
      price: '价格须在 0.01 到 100,000 元之间，最多两位小数',
      prices: '每个时长只能设置一个价格（成长等级不设价格）',
      pricesRequired: '付费会员至少要设置一个时长的价格',
      growthRate: '成长值规则须为每 0.01 到 100,000 元得 1 点',
    },
  },
};

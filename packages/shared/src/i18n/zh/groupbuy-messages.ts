// Group-buy (issue 29): the server's messages (errors) for group orders and teams; keys shared with en/groupbuy-messages.ts.
// The catalogs spread their files shallowly, so the top-level key `groupbuy` is this file's alone: the storefront's
// texts (ui-groupbuy.ts) live under another top-level key.
export const groupbuyMessages = {
  groupbuy: {
    /** A robot member's name on the team page (reference §3: userId 0). */
    robotName: '拼团好友',
    errors: {
      notFound: '该拼团活动不存在或已结束',
      notStarted: '拼团活动尚未开始',
      ended: '拼团活动已结束',
      skuRequired: '请选择拼团商品的规格',
      skuNotFound: '所选规格不在该拼团活动中',
      count: '请输入正确的购买数量（1 到 99 件）',
      notPurchasable: '活动商品不可购买',
      insufficient: '库存不足',
      overLimit: '超出该活动每人限购数量（每人 {{maxNum}} 件，你已购 {{bought}} 件）',
      teamNotFound: '该团不存在',
      teamNotOpen: '该团已满员、已结束或尚未开团，请重新开团',
      teamOtherActivity: '该团不属于这个拼团活动',
      alreadyInTeam: '你已经在这个团里了',
      expired: '订单已过期，请重新下单',
      duplicateSubmit: '请勿同时提交订单',
      selectAddress: '请先选择收货地址',
      addAddress: '请先添加收货地址',
      teamChanged: '提交的团与确认订单时的不一致，请重新确认订单',
      refundWhileGrouping: '订单正在拼团中，拼团结束前不能申请售后',
      notGroupOrder: '该订单不是拼团订单',
    },
    notices: {
      failedTitle: '拼团未成功，已自动退款',
      failedContent: '你参加的拼团「{{name}}」在有效期内未凑满 {{groupNumber}} 人，订单 {{orderNumber}} 已关闭，¥{{amount}} 已原路退回。',
      failedSms: '【Bazaar】你参加的拼团「{{name}}」未成团，订单 {{orderNumber}} 的 ¥{{amount}} 已原路退回。',
      successTitle: '拼团成功',
      successContent: '你参加的拼团「{{name}}」已成团，订单 {{orderNumber}} 将尽快发货。',
      movedTitle: '原团已满，已为你开新团',
      movedContent: '你支付时原来的团已满员或已结束，订单 {{orderNumber}} 已为你开了一个新团，邀请好友参团吧。',
      refundReason: '拼团失败，系统自动退款',
    },
  },
};

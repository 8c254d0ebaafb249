// 退款资金（decision 060）：服务端消息与平台后台“退款打款”页的文字。键与 en/refund-money.ts 相同。
export const refundMoneyMessages = {
  refundPayments: {
    errors: {
      notFound: '退款记录不存在',
      status: '退款状态不正确',
    },
  },
};

export const consolePlatformRefundPayments = {
  refundPaymentsUi: {
    menu: '退款打款',
    title: '退款打款',
    intro: '支付宝、微信支付尚未确认的退款。系统会按退避间隔自动重试（始终使用同一个退款单号，网关不会重复退款）；连续失败的退款排在最前，可以手动立即重试。',
    status: { label: '状态', all: '全部未完成', 0: '待发送', 1: '退款中', 2: '已退款', 3: '失败重试中' },
    payType: { 2: '支付宝', 3: '微信支付', 9: '余额' },
    columns: { refundNo: '退款单号', order: '订单号', payType: '退回渠道', amount: '金额', status: '状态', attempts: '尝试次数', lastError: '最近错误', nextTryAt: '下次重试', createdAt: '创建时间', actions: '操作' },
    retry: '立即重试',
    confirm: '确定',
    cancel: '取消',
    retryConfirm: '用同一退款单号再向网关发送一次？',
    refunded: '退款已完成',
    refunding: '已重新发送，等待网关确认',
    empty: '没有未完成的退款',
    total: '共 {{count}} 笔',
  },
};

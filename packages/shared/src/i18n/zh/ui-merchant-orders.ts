// The API's texts for the merchant's order search, export and voucher write-off (核销).
// Keys are shared with en/ui-merchant-orders.ts.
export const uiMerchantOrders = {
  merchantOrders: {
    errors: {
      date: '请输入正确的日期（年-月-日）',
      dateRange: '开始日期不能晚于结束日期',
      prodName: '商品名称最多 30 个字',
      buyer: '买家昵称或手机号最多 30 个字',
      format: '导出格式不正确',
      exportTooMany: '一次最多导出 {{max}} 个订单，请缩小日期范围或增加筛选条件',
      codeInvalid: '请输入正确的券码',
      codeNotFound: '券码不存在，请核对后重新输入',
      codeOtherShop: '该券码不属于本店，无法核销',
      codeUsed: '该券码已于 {{time}} 核销，不能重复使用',
      codeExpired: '该券码已过期，无法核销',
      codeOrderState: '该订单当前状态不可核销',
    },
    export: {
      columns: {
        orderNumber: '订单号',
        createTime: '下单时间',
        payTime: '付款时间',
        status: '订单状态',
        buyer: '买家',
        items: '商品',
        pieces: '件数',
        goodsTotal: '商品总额（元）',
        freight: '运费（元）',
        reduce: '优惠（元）',
        actualTotal: '实付金额（元）',
        receiver: '收货人',
        mobile: '联系电话',
        address: '收货地址',
        remarks: '买家留言',
      },
      status: { 1: '待付款', 2: '待发货', 3: '待收货', 5: '已完成', 6: '已取消', 7: '拼团中' },
    },
  },
};

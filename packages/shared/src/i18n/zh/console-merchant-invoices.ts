// The merchant center's invoice queue (decision 061); spread into console-merchant.ts.
// en/console-merchant-invoices.ts has the same keys.
export const consoleMerchantInvoices = {
  invoices: {
    menu: '发票管理',
    title: '发票管理',
    intro: '买家申请的发票。开具后上传发票文件（PDF，或 JPG、PNG 图片），买家即可在“我的发票”下载；无法开具时填写原因，买家可修改抬头后重新申请。',
    tabs: { all: '全部', applying: '申请中', invoiced: '已开票', failed: '开票失败' },
    state: { '1': '申请中', '2': '已开票', '3': '开票失败' },
    headerType: { '1': '单位', '2': '个人' },
    columns: { orderNumber: '订单号', buyer: '买家', header: '发票抬头', taxNumber: '纳税人识别号', amount: '开票金额', state: '状态', time: '申请时间', actions: '操作' },
    upload: '上传发票',
    uploading: '上传中…',
    uploadHint: 'PDF 不超过 5MB，JPG、PNG 图片不超过 2MB',
    uploaded: '已开票，买家可以下载了',
    view: '查看文件',
    fail: '开票失败',
    failReason: '失败原因：{{reason}}',
    badFormat: '发票文件格式不正确，请上传 PDF、JPG 或 PNG 文件',
    tooLarge: 'PDF 文件不能超过 5MB，图片不能超过 2MB',
    empty: '暂无发票申请',
    total: '共 {{count}} 条',
    modal: {
      title: '开票失败',
      invoice: '{{header}}（订单 {{orderNumber}}）',
      reason: '原因',
      reasonPlaceholder: '例如：纳税人识别号与单位名称不符',
      reasonRequired: '请填写原因',
      submit: '确定',
      cancel: '取消',
      done: '已标记为开票失败',
    },
  },
};

// The server's messages for the merchant center's shop settings (categories, notices, the shop's
// face). Keys are shared with en/ui-merchant-shop.ts.
export const uiMerchantShop = {
  merchantShop: {
    errors: {
      bannerInvalid: '店铺横幅图片无效，请重新上传',
      imageNotOwned: '图片无效，请重新上传',
      introZhLength: '中文简介需为 10-200 个字',
      introEnLength: '英文简介需为 10-400 个字符，或留空',
      categoryNameRequired: '请输入分类名称',
      categoryNameTooLong: '分类名称不能超过 20 个字',
      categoryNameEnTooLong: '英文分类名称不能超过 40 个字符',
      categoryDuplicate: '已有同名分类',
      categoryLimit: '店铺分类最多 50 个',
      categoryNotFound: '分类不存在',
      seq: '排序须为 0-9999 的整数',
      status: '状态不正确',
      isTop: '置顶状态不正确',
      noticeTitleRequired: '请输入公告标题',
      noticeTitleTooLong: '公告标题不能超过 50 个字',
      noticeTitleEnTooLong: '英文公告标题不能超过 100 个字符',
      noticeContentRequired: '请输入公告内容',
      noticeContentTooLong: '公告内容过长',
      noticeLimit: '店铺公告最多 200 条',
      noticeNotFound: '公告不存在',
    },
  },
  freight: {
    errors: {
      chargeType: '请选择计费方式',
      fee: '运费须为 0-10000 元，最多两位小数',
      unit: '件数须为 1-1000 件，重量须为 0.001-1000 千克',
      freeFrom: '包邮金额须为 0-1000000 元，或留空表示不包邮',
      province: '请为每个指定地区至少选择一个省份',
      provinceTwice: '同一省份只能出现在一个指定地区里',
      tooManyRegions: '指定地区最多 10 个',
    },
  },
};

// The platform console's points items (issue 29); keys shared with en/console-platform-pointsmall.ts.
export const consolePlatformPointsmall = {
  pointsmallAudit: { 'pointsmall.create': '新建积分商品', 'pointsmall.update': '编辑积分商品', 'pointsmall.status': '积分商品上下架' },
};

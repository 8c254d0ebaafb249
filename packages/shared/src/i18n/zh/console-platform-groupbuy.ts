// The platform console's group-buy activities (issue 29); keys shared with en/console-platform-groupbuy.ts.
export const consolePlatformGroupbuy = {
  groupbuyAudit: { 'groupbuy.offline': '强制下线拼团活动', 'groupbuy.online': '重新上线拼团活动' },
};

// The platform console's group-buy activities (issue 29); keys shared with zh/console-platform-groupbuy.ts.
export const consolePlatformGroupbuy = {
  groupbuyAudit: { 'groupbuy.offline': 'Took a group buy offline', 'groupbuy.online': 'Put a group buy back online' },
};

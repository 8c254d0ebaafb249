// The merchant center's group-buy activities and teams (issue 29); keys shared with zh/console-merchant-groupbuy.ts.
export const consoleMerchantGroupbuy = {};

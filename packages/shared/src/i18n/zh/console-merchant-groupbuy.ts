// The merchant center's group-buy activities and teams (issue 29); keys shared with en/console-merchant-groupbuy.ts.
export const consoleMerchantGroupbuy = {};

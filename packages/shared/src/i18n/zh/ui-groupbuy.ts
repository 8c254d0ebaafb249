// Group-buy (issue 29): /group-buy, the group panel of /detail, the team panel and the group order pages; keys shared with en/ui-groupbuy.ts.
export const uiGroupbuy = {};

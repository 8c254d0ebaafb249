// The header search's tab (`st` of /list, specification section 2): it follows the page the search is
// made from. 2 special discount, 3 group-buy (reference prodType 1), 4 flash sale (prodType 2), 5 a
// coupon's products; 0 every product. A module of its own, so that it is bundled with /list, not with
// the shell that page-ids.ts is part of (decision 011's weights).
export const SEARCH_TAB = { all: 0, specialDiscount: 2, groupBuy: 3, flashSale: 4, coupons: 5 } as const;

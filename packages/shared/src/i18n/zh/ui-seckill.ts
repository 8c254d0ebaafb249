// Flash sale (issue 27): /flash-sale, /secdetail, its confirm page and the server's messages for them; keys shared with en/ui-seckill.ts.
export const uiSeckill = {};

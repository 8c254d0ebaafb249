// The merchant center's flash-sale activities (issue 27); keys shared with zh/console-merchant-seckill.ts.
export const consoleMerchantSeckill = {};

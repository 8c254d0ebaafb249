// The platform console's flash-sale sessions, reviews and reconciliation (issue 27); keys shared with zh/console-platform-seckill.ts.
export const consolePlatformSeckill = {};

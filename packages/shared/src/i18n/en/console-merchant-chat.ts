// The merchant center's chat inbox (issue 28); keys shared with zh/console-merchant-chat.ts.
export const consoleMerchantChat = {};

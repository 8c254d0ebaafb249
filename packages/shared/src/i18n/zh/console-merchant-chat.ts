// The merchant center's chat inbox (issue 28); keys shared with en/console-merchant-chat.ts.
export const consoleMerchantChat = {};

// Group-buy (issue 29): the server's messages (errors) for group orders and teams; keys shared with zh/groupbuy-messages.ts.
export const groupbuyMessages = {};

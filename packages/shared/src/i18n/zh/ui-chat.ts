// Live chat (issue 28): /chat, the top bar's unread mark and the server's messages for chat; keys shared with en/ui-chat.ts.
export const uiChat = {};

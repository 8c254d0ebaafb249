// The platform console's customer-service workspace (issue 28); keys shared with en/console-platform-chat.ts.
export const consolePlatformChat = {};

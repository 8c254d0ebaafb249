// The platform console's points items (issue 29); keys shared with zh/console-platform-pointsmall.ts.
export const consolePlatformPointsmall = {};

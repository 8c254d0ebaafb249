// The platform console's points items (issue 29); keys shared with en/console-platform-pointsmall.ts.
export const consolePlatformPointsmall = {};

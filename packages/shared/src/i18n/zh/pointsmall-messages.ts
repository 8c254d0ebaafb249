// The points mall (issue 29): the server's messages (errors) for points items and points orders; keys shared with en/pointsmall-messages.ts.
export const pointsmallMessages = {};

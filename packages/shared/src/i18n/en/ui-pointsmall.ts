// The points mall (issue 29): /member-center/integral-mall, integral-det and /submit-integral-order; keys shared with zh/ui-pointsmall.ts.
export const uiPointsmall = {};

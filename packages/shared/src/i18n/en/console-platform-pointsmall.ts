// The platform console's points items (issue 29); keys shared with zh/console-platform-pointsmall.ts.
export const consolePlatformPointsmall = {
  pointsmallAudit: { 'pointsmall.create': 'Created a points item', 'pointsmall.update': 'Edited a points item', 'pointsmall.status': 'Put a points item on or off the shelf' },
};

// Group-buy (issue 29): the server's messages (errors) for group orders and teams; keys shared with zh/groupbuy-messages.ts.
// The catalogs spread their files shallowly, so the top-level key `groupbuy` is this file's alone: the storefront's
// texts (ui-groupbuy.ts) live under another top-level key.
export const groupbuyMessages = {
  groupbuy: {
    /** A robot member's name on the team page (reference §3: userId 0). */
    robotName: 'Group buddy',
    errors: {
      notFound: 'This group-buy activity does not exist or has ended',
      notStarted: 'The group-buy has not started yet',
      ended: 'The group-buy has ended',
      skuRequired: 'Choose the product options',
      skuNotFound: 'The chosen option is not part of this group-buy',
      count: 'Please enter the correct number of items (1 to 99)',
      notPurchasable: 'Activity product not purchasable',
      insufficient: 'Insufficient inventory',
      overLimit: 'This exceeds the limit of {{maxNum}} per person for this group-buy (you already have {{bought}})',
      teamNotFound: 'This team does not exist',
      teamNotOpen: 'This team is full, has ended or is not open yet: please open a new team',
      teamOtherActivity: 'This team is not part of this group-buy',
      alreadyInTeam: 'You are already in this team',
      expired: 'The order has expired, please place a new order',
      duplicateSubmit: 'Please do not submit orders at the same time',
      selectAddress: 'Please select the address first',
      addAddress: 'Please add the address first',
      teamChanged: 'The team differs from the one confirmed: please confirm the order again',
      refundWhileGrouping: 'The order is still grouping: no after-sales request can be made until the team ends',
      notGroupOrder: 'This order is not a group-buy order',
    },
    notices: {
      failedTitle: 'The team did not fill: refunded automatically',
      failedContent: 'The group-buy "{{name}}" you joined did not reach {{groupNumber}} people in time. Order {{orderNumber}} is closed and ¥{{amount}} has gone back to where it was paid from.',
      failedSms: '[Bazaar] The group-buy "{{name}}" did not fill. ¥{{amount}} of order {{orderNumber}} has gone back to where it was paid from.',
      successTitle: 'Your team is complete',
      successContent: 'The group-buy "{{name}}" you joined is complete. Order {{orderNumber}} will ship soon.',
      movedTitle: 'That team was full: a new one is open',
      movedContent: 'The team you paid for was full or had ended, so order {{orderNumber}} opened a new team for you. Invite friends to join it.',
      refundReason: 'The team did not fill: automatic refund',
    },
  },
};

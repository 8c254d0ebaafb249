// Refund money (decision 060): the server's messages and the platform console's Refund payments page.
// Keys are shared with zh/refund-money.ts.
export const refundMoneyMessages = {
  refundPayments: {
    errors: {
      notFound: 'Refund not found',
      status: 'Invalid refund status',
    },
  },
};

export const consolePlatformRefundPayments = {
  refundPaymentsUi: {
    menu: 'Refund payments',
    title: 'Refund payments',
    intro: 'Refunds Alipay or WeChat Pay has not confirmed yet. They are retried automatically with growing intervals, always under the same refund number (a gateway never refunds twice); the ones that keep failing come first and can be retried now.',
    status: { label: 'Status', all: 'All unfinished', 0: 'To send', 1: 'Refunding', 2: 'Refunded', 3: 'Failing, retrying' },
    payType: { 2: 'Alipay', 3: 'WeChat Pay', 9: 'Balance' },
    columns: { refundNo: 'Refund number', order: 'Order', payType: 'Back to', amount: 'Amount', status: 'Status', attempts: 'Tries', lastError: 'Last error', nextTryAt: 'Next try', createdAt: 'Created', actions: 'Actions' },
    retry: 'Retry now',
    confirm: 'Retry',
    cancel: 'Cancel',
    retryConfirm: 'Send it to the gateway again under the same refund number?',
    refunded: 'The refund is done',
    refunding: 'Sent again; waiting for the gateway',
    empty: 'No unfinished refunds',
    total: '{{count}} in all',
  },
};

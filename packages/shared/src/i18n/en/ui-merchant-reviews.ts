// The API's texts for the merchant center's reviews and replies (decision 055).
// Keys are shared with zh/ui-merchant-reviews.ts.
export const uiMerchantReviews = {
  merchantReviews: {
    errors: {
      replied: 'The reply filter is invalid',
      prodName: 'The product name can have at most 30 characters',
      notFound: 'This review does not exist or does not belong to your shop',
      replyRequired: 'Please write a reply',
      replyTooLong: 'A reply is at most 500 characters',
    },
  },
};

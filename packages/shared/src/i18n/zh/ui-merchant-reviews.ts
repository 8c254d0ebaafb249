// The API's texts for the merchant center's reviews and replies (decision 055).
// Keys are shared with en/ui-merchant-reviews.ts.
export const uiMerchantReviews = {
  merchantReviews: {
    errors: {
      replied: '回复状态筛选条件不正确',
      prodName: '商品名称最多 30 个字',
      notFound: '评价不存在或不属于本店',
      replyRequired: '请填写回复内容',
      replyTooLong: '回复内容最多 500 个字',
    },
  },
};

// The API's texts for the platform console's review moderation (decision 056).
// Keys are shared with en/ui-admin-reviews.ts.
export const uiAdminReviews = {
  adminReviews: {
    errors: {
      shopId: '店铺 ID 不正确',
      statusFilter: '显示状态筛选条件不正确',
      status: '请选择隐藏（0）或显示（1）',
      notFound: '评价不存在',
    },
  },
};

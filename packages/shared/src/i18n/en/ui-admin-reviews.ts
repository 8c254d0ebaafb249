// The API's texts for the platform console's review moderation (decision 056).
// Keys are shared with zh/ui-admin-reviews.ts.
export const uiAdminReviews = {
  adminReviews: {
    errors: {
      shopId: 'The shop id is invalid',
      statusFilter: 'The status filter is invalid',
      status: 'Choose hidden (0) or shown (1)',
      notFound: 'This review does not exist',
    },
  },
};

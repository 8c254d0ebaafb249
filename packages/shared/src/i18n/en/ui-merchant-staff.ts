// The API's texts for a shop's staff accounts (decision 057). Keys are shared with zh/ui-merchant-staff.ts.
export const uiMerchantStaff = {
  merchantStaff: {
    errors: {
      usernameRule: 'The account is 4-32 letters, digits, - _ or ., starting with a letter or digit',
      usernameTaken: 'This account name is already taken',
      displayName: 'The name has at most 32 characters',
      role: 'Choose a staff role: customer service, warehouse or operations',
      status: 'Invalid account status',
      notFound: 'Staff account not found',
      owner: "The owner's account cannot be changed here",
      disabled: 'This staff account is disabled. Please contact the shop owner',
      passwordRule: 'The password is 6-12 half-width characters',
    },
  },
};

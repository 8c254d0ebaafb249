// The server's messages for the merchant center's shop settings (categories, notices, the shop's
// face). Keys are shared with zh/ui-merchant-shop.ts.
import type { uiMerchantShop as zh } from '../zh/ui-merchant-shop.ts';
import type { Widen } from '../widen.ts';

export const uiMerchantShop: Widen<typeof zh> = {
  merchantShop: {
    errors: {
      bannerInvalid: 'The banner image is invalid, please upload it again',
      imageNotOwned: 'The image is invalid, please upload it again',
      introZhLength: 'The Chinese introduction must be 10-200 characters',
      introEnLength: 'The English introduction must be 10-400 characters, or empty',
      categoryNameRequired: 'Enter the category name',
      categoryNameTooLong: 'The category name cannot exceed 20 characters',
      categoryNameEnTooLong: 'The English category name cannot exceed 40 characters',
      categoryDuplicate: 'A category with this name already exists',
      categoryLimit: 'A shop can have at most 50 categories',
      categoryNotFound: 'The category does not exist',
      seq: 'The order must be a whole number from 0 to 9999',
      status: 'The status is invalid',
      isTop: 'The pin state is invalid',
      noticeTitleRequired: 'Enter the notice title',
      noticeTitleTooLong: 'The notice title cannot exceed 50 characters',
      noticeTitleEnTooLong: 'The English notice title cannot exceed 100 characters',
      noticeContentRequired: 'Enter the notice content',
      noticeContentTooLong: 'The notice content is too long',
      noticeLimit: 'A shop can keep at most 200 notices',
      noticeNotFound: 'The notice does not exist',
    },
  },
  freight: {
    errors: {
      chargeType: 'Choose how freight is charged',
      fee: 'A fee must be ¥0-10,000 with at most two decimals',
      unit: 'Pieces must be 1-1,000, and weights 0.001-1,000 kg',
      freeFrom: 'The free-shipping amount must be ¥0-1,000,000, or empty for never free',
      province: 'Choose at least one province for each region',
      provinceTwice: 'A province can be in only one region',
      tooManyRegions: 'At most 10 regions',
    },
  },
};

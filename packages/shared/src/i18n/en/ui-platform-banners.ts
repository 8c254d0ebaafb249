// The API's messages for the platform console's home banners page (issue 9). Keys are shared
// with zh/ui-platform-banners.ts.
import type { uiPlatformBanners as zh } from '../zh/ui-platform-banners.ts';
import type { Widen } from '../widen.ts';

export const uiPlatformBanners: Widen<typeof zh> = {
  platformBanners: {
    errors: {
      imgRequired: 'Please upload the picture for Chinese pages',
      image: 'The picture is not valid, please upload it again',
      titleZhRequired: 'Please enter the Chinese title',
      titleZhTooLong: 'The Chinese title can be at most 100 characters',
      titleEnRequired: 'Please enter the English title',
      titleEnTooLong: 'The English title can be at most 200 characters',
      product: 'The product number must be a positive whole number',
      productNotFound: 'That product does not exist or was deleted',
      seq: 'The order number must be a whole number from 0 to 9999',
      enabled: 'The show switch value is not valid',
      notFound: 'The slide does not exist',
    },
  },
};

// The platform console's home banners page (issue 9). Keys are shared with
// zh/console-platform-banners.ts; spread into console-platform.ts.
import type { consolePlatformBanners as zh } from '../zh/console-platform-banners.ts';
import type { Widen } from '../widen.ts';

export const consolePlatformBanners: Widen<typeof zh> = {
  banners: {
    menu: 'Home banners',
    intro: "A home banner's picture has its headline drawn in, so each slide has a Chinese and an English picture: English pages show the English one, or the Chinese one when there is none. The title is the picture's text alternative. Changes show on the mall's home page at once.",
    add: 'New banner',
    createTitle: 'New banner',
    editTitle: 'Edit banner',
    empty: 'No banners yet',
    columns: { picture: 'Picture (Chinese / English)', title: 'Title', product: 'Opens product', seq: 'Order', shown: 'Shown', actions: 'Actions' },
    fields: {
      img: 'Picture for Chinese pages',
      imgEn: 'Picture for English pages',
      titleZh: 'Chinese title (text alternative)',
      titleEn: 'English title (text alternative)',
      prodId: 'Product number it opens',
      seq: 'Order number (smaller first)',
      enabled: 'Shown on the home page',
    },
    imgHelp: 'About 880 × 440 pixels, with the headline on the left.',
    imgEnHelp: 'Without one, English pages show the Chinese picture.',
    prodHelp: 'The product a click on the slide opens; leave empty for none. While the product is off the shelf the slide still shows, without a link.',
    noProduct: 'No product',
    notOnSale: 'Product {{id}} (not on sale now)',
    sameAsZh: 'Same as Chinese',
    showSlide: 'Show "{{title}}" on the home page',
    delete: 'Delete',
    deleteConfirm: 'Delete the banner "{{title}}"?',
    deleted: 'Deleted',
    shownMessage: 'Shown on the home page',
    hiddenMessage: 'Hidden from the home page',
  },
  bannerAudit: {
    'banner.create': 'Add a home banner',
    'banner.update': 'Edit a home banner',
    'banner.status': 'Show/hide a home banner',
    'banner.delete': 'Delete a home banner',
  },
};

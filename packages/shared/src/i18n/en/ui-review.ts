import type { uiReview as zh } from '../zh/ui-review.ts';
import type { Widen } from '../widen.ts';

export const uiReview: Widen<typeof zh> = {
  writeReview: {
    // The server's messages for writing a review (WriteReviewSchema, POST /p/prodComm): only the review pages need them, so they travel with these texts, not with the product page's.
    errors: {
      itemNotFound: 'This item does not exist or is not in your orders',
      notCompleted: 'You can review an order once it is completed',
      alreadyReviewed: 'You have already reviewed this item',
      score: 'Please rate the item (1 to 5 stars)',
      contentRequired: 'Please write your review',
      contentTooLong: 'A review is at most 150 characters',
      tooManyPics: 'Upload at most 9 pictures',
      picInvalid: 'The picture is invalid, please upload it again',
    },
    title: 'Write reviews',
    orderNumber: 'Order No. {{number}}',
    intro: 'Your review helps other shoppers choose. Thank you for sharing!',
    itemLabel: 'Review {{name}}',
    score: {
      legend: 'Rating',
      star_one: '{{count}} star',
      star_other: '{{count}} stars',
      none: 'Click a star to rate',
      levels: { '1': 'Very poor', '2': 'Poor', '3': 'Average', '4': 'Good', '5': 'Excellent' },
    },
    content: {
      label: 'Your review',
      placeholder: 'Did the item meet your expectations? Tell others what you liked and what could be better.',
      counter: '{{count}}/{{max}}',
    },
    pictures: {
      label: 'Pictures (optional)',
      hint: 'Up to {{max}} pictures: JPG, JPEG, PNG or GIF, at most 2 MB each',
      add: 'Add pictures',
      uploading: 'Uploading…',
      count: '{{count}} of {{max}} uploaded',
      picture: 'Review picture {{n}}',
      remove: 'Remove review picture {{n}}',
    },
    anonymous: 'Review anonymously',
    anonymousHint: 'Other shoppers will see your nickname with its middle hidden',
    submit: 'Submit review',
    submitting: 'Submitting…',
    submitted: 'Your review of “{{name}}” has been posted. Thank you for sharing!',
    empty: {
      title: 'Nothing to review',
      text: 'This order has no items to review yet: it may not be completed, or every item has been reviewed.',
    },
    allDone: {
      title: 'Every item of this order is reviewed',
      text: 'Thank you for your reviews! You can find them under My reviews.',
    },
    toOrders: 'Back to my orders',
    toMyReviews: 'See my reviews',
  },
  myReviews: {
    menu: 'My reviews',
    title: 'My reviews',
    tabs: {
      label: 'Review status',
      toReview: 'To review',
      reviewed: 'Reviewed',
    },
    toReview: {
      empty: 'No items waiting for your review',
      completed: 'Completed {{time}}',
      write: 'Review',
      writeLabel: 'Review {{name}}',
    },
    reviewed: {
      empty: 'You have not written any reviews yet',
      anonymous: 'Anonymous',
      hidden: 'Hidden by the platform: other shoppers cannot see this review',
      time: 'Reviewed {{time}}',
    },
  },
};

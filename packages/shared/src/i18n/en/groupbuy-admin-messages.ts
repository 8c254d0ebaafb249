// Group-buy in the consoles (issue 29): the server's messages for the merchant center's and the platform console's
// group activities; keys shared with zh/groupbuy-admin-messages.ts.
import type { groupbuyAdminMessages as zh } from '../zh/groupbuy-admin-messages.ts';
import type { Widen } from '../widen.ts';

export const groupbuyAdminMessages: Widen<typeof zh> = {
  groupbuyAdmin: {
    errors: {
      notFound: 'This group-buy activity does not exist',
      nameRequired: 'Enter the activity name',
      nameTooLong: 'The activity name can be at most 30 characters',
      nameEnTooLong: 'The English name can be at most 60 characters',
      product: 'Choose the product',
      productNotOwned: 'Only products of your own shop can be chosen',
      productNotOnSale: 'The product is not on the shelf and cannot be in a group buy',
      productBusy: 'This product already has a flash sale or group buy in that time; an overlapping one cannot be created',
      sku: 'Choose the product options',
      skuNotOfProduct: 'The chosen option is not of this product',
      skuTwice: 'An option can be added only once',
      skusRequired: 'Add at least one option',
      price: 'The group price must be ¥0.01 to ¥1,000,000',
      priceAbovePrice: "The group price must be below the option's price (¥{{price}})",
      groupNumber: 'A team must have 2 to 100 people',
      validHours: 'A team can stay open 1 to 168 hours',
      hasRobot: 'Choose whether robots fill a team at its end',
      maxNum: 'The limit per person must be 1 to 99 pieces',
      startTime: 'Choose the start time',
      endTime: 'Choose the end time',
      endAfterStart: 'The end must be later than the start',
      startPassed: 'The start cannot be earlier than now',
      endPassed: 'The end must be later than now',
      tooLong: 'A group buy can run at most 180 days',
      cannotEnd: 'The activity has already ended',
      offlineCannotEnd: 'The platform has taken this activity offline: it cannot be ended early',
      reasonRequired: 'Enter the reason',
      reasonTooLong: 'The reason can be at most 200 characters',
      cannotOffline: 'Only a running or upcoming activity can be taken offline',
      cannotOnline: 'Only an activity taken offline whose end has not passed can be put back online',
    },
  },
};

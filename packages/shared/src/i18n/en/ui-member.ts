import type { uiMember as zh } from '../zh/ui-member.ts';
import type { Widen } from '../widen.ts';

export const uiMember: Widen<typeof zh> = {
  member: {
    errors: {
      levelType: 'The level type is growth (0) or paid (1)',
      levelNotFound: 'This membership level does not exist or is no longer sold',
      termNotSold: 'This level is not sold for that period; please choose another',
      termType: 'Choose a period: day, week, month, season or year',
      payType: 'Choose Alipay, WeChat Pay or balance',
      lowerLevel: 'Your {{level}} membership is still active: a lower level cannot be bought until it ends',
      rankTaken: 'Another level of this type already has that rank; choose another',
      typeFixed: 'A level’s type cannot change once it is created',
      tooMany: 'At most 20 levels of each type',
      level: 'The rank is a whole number from 1 to 99',
      name: 'Enter the level’s name (at most 20 characters in Chinese, 40 in English)',
      needGrowth: 'The growth needed is a whole number from 0 to 100,000,000',
      discount: 'The member discount is 0.1 to 10 per ten, with at most two decimals (10 = no discount)',
      discountRange: 'The discount covers all goods or self-run shops’ goods',
      rateScore: 'The points multiplier is 1 to 10, with at most two decimals',
      price: 'A price is 0.01 to 100,000 yuan, with at most two decimals',
      prices: 'One price per period (growth levels have none)',
      pricesRequired: 'A paid level needs the price of at least one period',
      growthRate: 'The growth rule is 1 point per 0.01 to 100,000 yuan paid',
    },
  },
};

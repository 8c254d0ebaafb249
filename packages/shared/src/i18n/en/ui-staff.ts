import type { uiStaff as zh } from '../zh/ui-staff.ts';
import type { Widen } from '../widen.ts';

export const uiStaff: Widen<typeof zh> = {
  staff: {
    errors: {
      keyword: 'Enter something to search for',
      keywordTooLong: 'The search text cannot exceed 50 characters',
      shopStatus: 'The store status is invalid',
      shopType: 'Choose the store type (self-run or ordinary)',
      userStatus: 'The user status is invalid',
      reasonRequired: 'Please give the reason',
      reasonTooLong: 'The reason cannot exceed 200 characters',
      shopNotFound: 'The store does not exist',
      shopNotOpen: 'Only an open store can be taken offline',
      shopNotOffline: 'Only an offline store can be reopened',
      sameType: 'The store is already of this type',
      userNotFound: 'The user does not exist',
      userDisabled: 'This user is already disabled',
      userEnabled: 'This user is not disabled',
      accountDisabled: 'This account has been disabled by the platform. Reason: {{reason}}. Please contact customer service with any questions',
      shopOffline: 'The store has been taken offline by the platform. Reason: {{reason}}. Please consult the platform',
    },
  },
};

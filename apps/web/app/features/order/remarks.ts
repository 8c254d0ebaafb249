import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';

/**
 * The message to the seller is over its limit, counted as the API counts it (after trimming), so the
 * inline message and the submit check agree with the answer the API would give.
 */
export const remarksTooLong = (remarks: string): boolean => remarks.trim().length > MERCHANT_MESSAGE_MAX_LENGTH;

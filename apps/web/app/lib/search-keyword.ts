import { SEARCH_KEYWORD_MAX_LENGTH } from '@bazaar/shared/constants/limits';

/**
 * A search term over the keyword limit (counted trimmed). Every search box refuses such a term with
 * 'validation.keywordTooLong' rather than cutting it to length.
 */
export const keywordTooLong = (term: string): boolean => term.trim().length > SEARCH_KEYWORD_MAX_LENGTH;

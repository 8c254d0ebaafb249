// One error type for the whole server. The errors plugin maps kind -> HTTP status and
// translates messageKey for the request's language, once, in one place.
export type AppErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many'
  | 'activity_ended';

export const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  invalid: 400,
  conflict: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  too_many: 429,
  activity_ended: 204,
};

/**
 * An answer to the client, not a fault: it is built without a stack trace (capturing one is most of
 * an Error's cost, and a flash sale's burst refuses thousands a second). The handler never logs an
 * AppError; where one must be traced, its kind and message key name it.
 */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(messageKey);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
  }
}

export const invalid = (key: string, params?: Record<string, string | number>) => new AppError('invalid', key, params);
export const conflict = (key: string, params?: Record<string, string | number>) => new AppError('conflict', key, params);
export const notFound = (key = 'errors.notFound') => new AppError('not_found', key);
export const unauthorized = (key = 'errors.unauthorized') => new AppError('unauthorized', key);
export const forbidden = (key = 'errors.notFound') => new AppError('forbidden', key);
export const tooMany = (key = 'errors.tooManyRequests', params?: Record<string, string | number>) => new AppError('too_many', key, params);
export const activityEnded = () => new AppError('activity_ended', 'errors.activityEnded');

import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_KIND } from '../lib/app-error.ts';
import { fixedText } from './locale.ts';

function isMessageKey(request: FastifyRequest, message: string | undefined): message is string {
  return !!message && /^[A-Za-z]+(\.[A-Za-z0-9]+)+$/.test(message) && request.t(message) !== message;
}

/** The header that names an error by its message key, so clients never compare translated texts. */
export const ERROR_CODE_HEADER = 'x-error-code';

/** Whether an error's parameters are none (its text is then the same for every request of a language). */
function noParams(params: Record<string, unknown>): boolean {
  for (const _ in params) return false;
  return true;
}

function sendText(reply: FastifyReply, status: number, key: string, text: string) {
  return reply.code(status).header(ERROR_CODE_HEADER, key).type('text/plain; charset=utf-8').send(text);
}

/**
 * Errors are classified once, here. 4xx bodies are the localized message as plain text
 * (section 8: the client shows it as a toast), and X-Error-Code carries its message key
 * (e.g. errors.account.verifyExpired) for code to act on. 5xx bodies never carry internals.
 */
export const errorsPlugin = fp(async (app) => {
  app.setNotFoundHandler((request, reply) => sendText(reply, 404, 'errors.notFound', request.t('errors.notFound')));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS_BY_KIND[error.kind];
      if (status === 204) return reply.code(204).send();
      const text = noParams(error.params) ? fixedText(request.lang, error.messageKey) : request.t(error.messageKey, error.params);
      return sendText(reply, status, error.messageKey, text);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message;
      const key = isMessageKey(request, message) ? message : 'validation.invalid';
      return sendText(reply, 400, key, request.t(key));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return sendText(reply, 500, 'errors.server', request.t('errors.server'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendText(reply, 500, 'errors.server', request.t('errors.server'));
    }
    // Fastify's own 4xx: malformed JSON, oversized bodies, unsupported media types...
    const key =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'errors.badJson'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'errors.tooLarge'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'errors.unsupportedMedia'
            : status === 429
              ? 'errors.tooManyRequests'
              : status === 404
                ? 'errors.notFound'
                : 'validation.invalid';
    return sendText(reply, status === 413 || status === 415 || status === 429 || status === 404 ? status : 400, key, request.t(key));
  });
});

import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_KIND } from '../lib/app-error.ts';

function isMessageKey(request: FastifyRequest, message: string | undefined): message is string {
  return !!message && /^[A-Za-z]+(\.[A-Za-z0-9]+)+$/.test(message) && request.t(message) !== message;
}

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * Errors are classified once, here. 4xx bodies are the localized message as plain text
 * (section 8: the client shows it as a toast). 5xx bodies never carry internals.
 */
export const errorsPlugin = fp(async (app) => {
  app.setNotFoundHandler((request, reply) => sendText(reply, 404, request.t('errors.notFound')));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS_BY_KIND[error.kind];
      if (status === 204) return reply.code(204).send();
      return sendText(reply, status, request.t(error.messageKey, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message;
      return sendText(reply, 400, request.t(isMessageKey(request, message) ? message : 'validation.invalid'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return sendText(reply, 500, request.t('errors.server'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendText(reply, 500, request.t('errors.server'));
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
    return sendText(reply, status === 413 || status === 415 || status === 429 || status === 404 ? status : 400, request.t(key));
  });
});

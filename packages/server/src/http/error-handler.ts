import { messages } from '@portal/core/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { fieldErrorsOf, idNamesNothing } from './validation.ts';
import { texts } from '../texts.ts';

/** Fastify's own client errors, in the contract's French `Error` shape. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: texts.http.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: texts.http.invalidJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: texts.http.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: texts.http.payloadTooLarge,
};

/** Every failure becomes `{message, error?, errors?}`; only a real bug answers 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.extra.headers !== undefined) reply.headers(error.extra.headers);
      return reply.code(error.statusCode).send(error.body);
    }
    if (error.validation !== undefined) {
      const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
      if (error.validationContext === 'params' && idNamesNothing(operationId)) {
        return reply.code(404).send({ message: messages.http[404] });
      }
      return reply.code(400).send({
        message: messages.http[422],
        errors: fieldErrorsOf(error.validation as never, operationId, error.validationContext),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        clientErrorMessages[error.code] ??
        (error instanceof SyntaxError ? texts.http.invalidJson : undefined) ??
        (messages.http as Record<number, string>)[status] ??
        messages.http.fallback(status);
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.http[500] });
  });
}

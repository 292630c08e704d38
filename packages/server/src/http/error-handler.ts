import { messages } from '@portal/core/domain';
import type { FastifyError, FastifyInstance, RouteOptions } from 'fastify';
import { HttpError } from './errors.ts';
import { badRequestMessage, fieldErrorsOf, idNamesNothing } from './validation.ts';
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
        message: badRequestMessage(operationId),
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

/** A route's URL in Fastify's syntax as a test of a request's path (`:id` is one segment). */
function pathMatcher(url: string): RegExp {
  const segments = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Keeps each route's methods by URL, for the not-found handler: a path some route serves, asked
 * with another method, answers 405 with `Allow` rather than 404. Call before any route exists.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] {
  const byUrl = new Map<string, { matcher: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const entry = byUrl.get(route.url) ?? { matcher: pathMatcher(route.url), methods: new Set() };
    byUrl.set(route.url, entry);
    for (const method of [route.method].flat()) {
      entry.methods.add(method);
      // Fastify answers HEAD wherever it answers GET.
      if (method === 'GET') entry.methods.add('HEAD');
    }
  });
  return (url) => {
    const path = url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const { matcher, methods } of byUrl.values()) {
      if (matcher.test(path)) methods.forEach((method) => allowed.add(method));
    }
    return [...allowed].sort();
  };
}

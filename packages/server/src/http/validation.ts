import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  NEW_PASSWORD_MIN_LENGTH,
  apiFieldMessages,
  apiOperationMessages,
  messages,
  patterns,
  type PatternName,
} from '@portal/core/domain';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { contractOperations, findOperation, type JsonSchema } from './contract.ts';
import { badRequest, notFound, type FieldErrors } from './errors.ts';
import { texts } from '../texts.ts';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

function makeAjv(coerceTypes: boolean): Ajv2020 {
  // Extra fields are rejected (additionalProperties: false), never silently removed. `verbose`
  // hands each error its value, so a blank one is told it is required.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes,
    useDefaults: false,
    verbose: true,
  });
  addFormats(ajv);
  return ajv;
}

/** Bodies are taken as sent; path and query values are text and may be read as numbers. */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export function compileValidator(schema: JsonSchema, httpPart?: string): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
}

/** The contract's patterns are core's (core checks it), so a pattern's text names its rule. */
const patternNames = new Map<string, PatternName>(
  Object.entries(patterns).map(([name, regex]) => [regex.source, name as PatternName]),
);

/** The pattern refusals only the server words (the client never checks a file name). */
const serverPatternMessages: Partial<Record<PatternName, string>> = {
  themeFilename: texts.theme.invalidFilename,
};

function patternMessage(pattern: unknown, field: string): string {
  const name = patternNames.get(String(pattern));
  const shared = name === undefined ? undefined : apiFieldMessages.pattern[name];
  const message = typeof shared === 'string' ? shared : shared?.[field];
  return (
    message ??
    (name === undefined ? undefined : serverPatternMessages[name]) ??
    texts.validation.fieldInvalid
  );
}

/** The 400's message: the operation's own (the licence form's), else the generic one. */
export function badRequestMessage(operationId: string | undefined): string {
  const own = apiOperationMessages[operationId as keyof typeof apiOperationMessages];
  return own?.badRequest ?? messages.http[422];
}

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter((part) => part !== '');
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') {
    segments.push(String(error.params.additionalProperty));
  }
  return segments.length === 0 ? 'body' : segments.join('.');
}

function messageOf(error: ErrorObject, field: string, operationId: string | undefined): string {
  const required =
    apiOperationMessages[operationId as keyof typeof apiOperationMessages]?.required?.[field] ??
    apiFieldMessages.required[field] ??
    texts.validation.fieldRequired;
  // As in the forms, a value of spaces only is a missing one, not a malformed one.
  if ((error.keyword === 'pattern' || error.keyword === 'minLength') && isBlank(error.data)) {
    return required;
  }
  switch (error.keyword) {
    case 'required':
      return required;
    case 'additionalProperties':
      return texts.validation.fieldUnknown;
    case 'type':
      return texts.validation.fieldType;
    case 'format':
      return error.params.format === 'email'
        ? messages.validation.emailInvalid
        : texts.validation.fieldInvalid;
    case 'minLength': {
      if (error.params.limit === 1) return required;
      // docs/product.md#new-passwords: the contract's NewPassword floor is core's.
      if (field.endsWith('password') && error.params.limit === NEW_PASSWORD_MIN_LENGTH) {
        return messages.validation.passwordMin8;
      }
      return apiFieldMessages.length[field] ?? texts.validation.fieldInvalid;
    }
    case 'maxLength':
      return apiFieldMessages.length[field] ?? texts.validation.fieldTooLong;
    case 'pattern':
      return patternMessage(error.params.pattern, field);
    default:
      return texts.validation.fieldInvalid;
  }
}

/** ajv's errors as the contract's `errors`: one French message per field, the first one wins. */
export function fieldErrorsOf(
  errors: readonly ErrorObject[],
  operationId?: string,
  prefix?: string,
): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const key =
      prefix === undefined || prefix === 'body' ? field : field === 'body' ? prefix : field;
    result[key] ??= messageOf(error, field, operationId);
  }
  return result;
}

/**
 * A path id of the wrong shape names nothing: it is a 404 where the operation's contract lists
 * a 404 but no 400 (reading a provider customer, a price...).
 */
export function idNamesNothing(operationId: string | undefined): boolean {
  const responses = contractOperations().find((op) => op.operationId === operationId)?.responses;
  return responses?.['400'] === undefined && responses?.['404'] !== undefined;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // A loop over the own keys rather than Object.entries: this runs on every request, mostly
  // over empty objects, and then allocates nothing.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return true;
    if (containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Which part of the request holds a NUL, body first. */
function partWithNul(request: FastifyRequest): 'body' | 'query' | 'params' | undefined {
  if (containsNul(request.body)) return 'body';
  if (containsNul(request.query)) return 'query';
  if (containsNul(request.params)) return 'params';
  return undefined;
}

/**
 * A JSON `null` is no object: refused as `[]` is. (An absent body reaches the validator as null
 * too, which is why an optional body's validator lets null through.)
 */
const nullBodyRefused: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === null) {
    const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
    done(badRequest({ body: texts.validation.fieldType }, badRequestMessage(operationId)));
    return;
  }
  done();
};

/**
 * Gives every route the request schemas of its contract operation, so handlers (this package's
 * and the payment routes alike) only ever see input the contract allows. Registered before any
 * route: `onRoute` sees routes added later, in every plugin.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** operationId -> the request schemas its route received (the coverage test reads it). */
    contractSchemas: Map<string, FastifySchema>;
  }
}

export function attachContractValidation(app: FastifyInstance): void {
  app.decorate('contractSchemas', new Map<string, FastifySchema>());
  app.setValidatorCompiler(({ schema, httpPart, method, url }) => {
    // Fastify reads ajv's `errors` itself when the function answers false.
    const validate = compileValidator(schema as JsonSchema, httpPart);
    if (httpPart !== 'body' || findOperation(method, url)?.bodyRequired !== false) return validate;
    // An optional body may be absent: Fastify hands an absent body over as null.
    const optional = (data: unknown) => data === null || validate(data);
    return Object.defineProperty(optional, 'errors', { get: () => validate.errors });
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const operation = methods
      .map((method) => findOperation(method, route.url))
      .find((op) => op !== undefined);
    if (operation === undefined) {
      refuseNullBody(route);
      return;
    }
    const schema: FastifySchema = { ...(route.schema ?? {}) };
    if (operation.body !== undefined && schema.body === undefined) schema.body = operation.body;
    if (operation.params !== undefined && schema.params === undefined) {
      schema.params = operation.params;
    }
    if (operation.querystring !== undefined && schema.querystring === undefined) {
      schema.querystring = operation.querystring;
    }
    if (operation.headers !== undefined && schema.headers === undefined) {
      schema.headers = operation.headers;
    }
    route.schema = schema;
    app.contractSchemas.set(operation.operationId, schema);
    route.config = { ...(route.config as object | undefined), operationId: operation.operationId };
    refuseNullBody(route);
  });
  // PostgreSQL text cannot hold NUL. The contract's patterns refuse it in every string value,
  // naming the field; this catches the rest (a key, a route outside the contract) before any
  // handler reads it. A callback hook: most requests have nothing to refuse (no promise then).
  app.addHook('preHandler', (request, _reply, done) => {
    const part = partWithNul(request);
    if (part === undefined) {
      done();
      return;
    }
    const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
    done(
      part === 'params' && idNamesNothing(operationId)
        ? notFound()
        : badRequest({ [part]: texts.validation.fieldInvalid }),
    );
  });
}

/**
 * Gives a route with a body schema the null-body refusal, ahead of its own preValidation hooks;
 * the routes without one (most reads) run no hook for it.
 */
function refuseNullBody(route: RouteOptions): void {
  if (route.schema?.body === undefined) return;
  const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
  route.preValidation = [nullBodyRefused, ...own];
}

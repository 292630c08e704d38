import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { messages } from '@portal/core/domain';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { contractOperations, findOperation, type JsonSchema } from './contract.ts';
import { badRequest, notFound, type FieldErrors } from './errors.ts';
import { texts } from '../texts.ts';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

function makeAjv(coerceTypes: boolean): Ajv2020 {
  // Extra fields are rejected (additionalProperties: false), never silently removed.
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes, useDefaults: false });
  addFormats(ajv);
  return ajv;
}

/** Bodies are taken as sent; path and query values are text and may be read as numbers. */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export function compileValidator(schema: JsonSchema, httpPart?: string): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
}

/** The `required` message a field gets, by field name (the spec's texts). */
const requiredMessages: Record<string, string> = {
  email: messages.validation.emailRequired,
  password: messages.validation.passwordRequired,
  new_password: messages.validation.newPasswordRequired,
  current_password: messages.validation.currentPasswordRequired,
  confirm_password: messages.validation.confirmPasswordRequired,
  first_name: messages.validation.firstNameRequired,
  last_name: messages.validation.lastNameRequired,
  custom_domain: messages.validation.customDomainRequired,
  shop_domain: messages.validation.shopDomainRequired,
  filename: messages.validation.filenameRequired,
};

/** Per-operation exceptions: the profile form says 'Le domaine est requis'. */
const requiredOverrides: Record<string, Record<string, string>> = {
  updateProfile: { shop_domain: messages.validation.domainRequired },
};

const lengthMessages: Record<string, string> = {
  first_name: messages.validation.firstNameLength,
  last_name: messages.validation.lastNameLength,
  company_name: messages.validation.companyNameTooLong,
  company: messages.validation.companyNameTooLong,
};

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
    (operationId === undefined ? undefined : requiredOverrides[operationId]?.[field]) ??
    requiredMessages[field] ??
    texts.validation.fieldRequired;
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
      if (field.endsWith('password') && error.params.limit === 8) {
        return messages.validation.passwordMin8;
      }
      return lengthMessages[field] ?? texts.validation.fieldInvalid;
    }
    case 'maxLength':
      return lengthMessages[field] ?? texts.validation.fieldTooLong;
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
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

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
    if (operation === undefined) return;
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
  });
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database. A
  // callback hook: every request passes here, most with nothing to refuse (no promise then).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      if (!containsNul(value)) continue;
      const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
      done(
        part === 'params' && idNamesNothing(operationId)
          ? notFound()
          : badRequest({ [part]: texts.validation.fieldInvalid }),
      );
      return;
    }
    done();
  });
}

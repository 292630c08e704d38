import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../config.ts';

export const contractPath = path.join(repoRoot, 'openapi/portal.yaml');

export type JsonSchema = Record<string, unknown>;

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof httpMethods)[number];

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface ContractResponse {
  /** Schema of the JSON body, when the answer has one. */
  json?: JsonSchema;
  /** Media types the document lists for this status. */
  mediaTypes: string[];
  /** Headers the document marks as required. */
  requiredHeaders: string[];
}

/** One operation of the contract, with every `$ref` resolved. */
export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The document's path, `/api/client/licenses/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, `/api/client/licenses/:id`. */
  routePath: string;
  secured: boolean;
  body?: JsonSchema;
  bodyRequired: boolean;
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  responses: Record<string, ContractResponse>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Inlines every local `$ref` (the document has no cycles). */
function resolveRefs(node: Json, root: Json): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, root));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>(
        (at, key) => (at as Record<string, Json>)[key.replace(/~1/g, '/')] ?? null,
        root,
      );
    if (target === null) throw new Error(`Unresolved $ref ${ref}`);
    return resolveRefs(target, root);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolveRefs(value, root)]),
  );
}

function objectSchema(parameters: RawParameter[]): JsonSchema | undefined {
  if (parameters.length === 0) return undefined;
  // Node hands header names over in lower case; path and query names keep their case.
  const nameOf = (p: RawParameter) => (p.in === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [nameOf(p), p.schema ?? {}])),
    required: parameters.filter((p) => p.required === true).map(nameOf),
  };
}

export function toRoutePath(contractPathText: string): string {
  return contractPathText.replace(/\{([^}]+)\}/g, ':$1');
}

function loadOperations(file: string): ContractOperation[] {
  const raw = parse(readFileSync(file, 'utf8')) as Json;
  const document = resolveRefs(raw, raw) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations: ContractOperation[] = [];
  for (const [pathText, item] of Object.entries(document.paths)) {
    const shared = (item.parameters ?? []) as RawParameter[];
    for (const method of httpMethods) {
      const op = item[method] as
        | {
            operationId: string;
            security?: unknown[];
            parameters?: RawParameter[];
            requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
            responses: Record<
              string,
              {
                content?: Record<string, { schema?: JsonSchema }>;
                headers?: Record<string, { required?: boolean }>;
              }
            >;
          }
        | undefined;
      if (op === undefined) continue;
      const parameters = [...shared, ...(op.parameters ?? [])];
      const byPlace = (place: RawParameter['in']) => parameters.filter((p) => p.in === place);
      const responses: Record<string, ContractResponse> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.['application/json']?.schema;
        responses[status] = {
          ...(json === undefined ? {} : { json }),
          mediaTypes: Object.keys(response.content ?? {}),
          requiredHeaders: Object.entries(response.headers ?? {})
            .filter(([, header]) => header.required === true)
            .map(([name]) => name.toLowerCase()),
        };
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      const params = objectSchema(byPlace('path'));
      const querystring = objectSchema(byPlace('query'));
      const headers = objectSchema(byPlace('header'));
      operations.push({
        operationId: op.operationId,
        method,
        path: pathText,
        routePath: toRoutePath(pathText),
        secured: (op.security ?? []).length > 0,
        ...(body === undefined ? {} : { body }),
        bodyRequired: op.requestBody?.required === true,
        ...(params === undefined ? {} : { params }),
        ...(querystring === undefined ? {} : { querystring }),
        ...(headers === undefined ? {} : { headers }),
        responses,
      });
    }
  }
  return operations;
}

let cached: ContractOperation[] | undefined;

/** Every operation of `openapi/portal.yaml` (parsed once per process). */
export function contractOperations(): ContractOperation[] {
  cached ??= loadOperations(contractPath);
  return cached;
}

/** The operation a Fastify route implements, by method and Fastify path. */
export function findOperation(method: string, routePath: string): ContractOperation | undefined {
  const wanted = method.toLowerCase();
  return contractOperations().find((op) => op.method === wanted && op.routePath === routePath);
}

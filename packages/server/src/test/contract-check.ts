import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contractOperations, type ContractOperation } from '../http/contract.ts';

const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<object, ValidateFunction>();

function patternOf(op: ContractOperation): RegExp {
  const segments = op.path
    .split('/')
    .map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** The contract operation a concrete request hits (`/api/client/licenses/abc` -> `{id}`). */
export function operationFor(method: string, url: string): ContractOperation | undefined {
  const pathname = url.split('?')[0] ?? url;
  const wanted = method.toLowerCase();
  return contractOperations().find((op) => op.method === wanted && patternOf(op).test(pathname));
}

export interface AnswerLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface ContractCheckOptions {
  /**
   * Answers Fastify gives before any route runs (413 body too large, 415 media type) are not
   * in the document; their body must still be the contract's `Error`.
   */
  allowUndocumentedStatus?: boolean;
}

/** Throws, naming the rule, when an answer leaves `openapi/portal.yaml`. */
export function assertAnswerFollowsContract(
  method: string,
  url: string,
  answer: AnswerLike,
  options: ContractCheckOptions = {},
): void {
  const op = operationFor(method, url);
  if (op === undefined) throw new Error(`${method} ${url} is not in the contract`);
  const where = `${op.operationId} (${method} ${url}) answered ${answer.statusCode}`;
  let response = op.responses[String(answer.statusCode)];
  if (response === undefined) {
    if (!options.allowUndocumentedStatus) {
      throw new Error(`${where}, a status the contract does not list: ${answer.body}`);
    }
    // The contract's `Error` answer, as every 400 of the document uses it.
    response = contractOperations().find((candidate) => candidate.responses['400'] !== undefined)
      ?.responses['400'];
    if (response === undefined) throw new Error('The contract has no Error schema');
  }
  for (const header of response.requiredHeaders) {
    if (answer.headers[header] === undefined)
      throw new Error(`${where} without the ${header} header`);
  }
  const contentType = String(answer.headers['content-type'] ?? '');
  if (response.mediaTypes.length === 0) {
    if (answer.body !== '') throw new Error(`${where} with a body the contract does not have`);
    return;
  }
  const mediaType = response.mediaTypes.find((type) => contentType.startsWith(type));
  if (mediaType === undefined) {
    throw new Error(`${where} as ${contentType}, not ${response.mediaTypes.join(' or ')}`);
  }
  if (mediaType !== 'application/json' || response.json === undefined) return;
  let validate = compiled.get(response.json);
  if (validate === undefined) {
    validate = ajv.compile(response.json);
    compiled.set(response.json, validate);
  }
  const body: unknown = JSON.parse(answer.body);
  if (!validate(body)) {
    throw new Error(
      `${where} with a body outside the contract: ${ajv.errorsText(validate.errors)}\n${answer.body}`,
    );
  }
}

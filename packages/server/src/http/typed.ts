import type { paths } from '@portal/core/domain';

/** Types of a route, read from the generated contract: `app.post<RouteOf<'/x', 'post'>>(...)`. */
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** An answer's body: JSON, bytes for a file (the theme zip), nothing for a 204. */
type AnswerOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: Record<string, unknown> }
    ? Buffer
    : undefined;

export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: infer R }
    ? JsonOf<R>
    : Operation<P, M> extends { requestBody?: infer R }
      ? JsonOf<R> | undefined
      : undefined;

export type ParamsOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { path: infer X } } ? X : Record<string, never>;

export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query: infer X } } ? X : Record<string, never>;

type Responses<P extends keyof paths, M extends Method> = Operation<P, M>['responses'];

/** Every body the operation may answer (successes and errors). */
export type ReplyOf<P extends keyof paths, M extends Method> = {
  [S in keyof Responses<P, M>]: AnswerOf<Responses<P, M>[S]>;
}[keyof Responses<P, M>];

export interface RouteOf<P extends keyof paths, M extends Method> {
  Body: BodyOf<P, M>;
  Params: ParamsOf<P, M>;
  Querystring: QueryOf<P, M>;
  Reply: ReplyOf<P, M>;
}

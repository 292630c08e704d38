export * from './client.ts';
export { parseResponseBody, retryAfterSeconds } from './responses.ts';
export type { RefreshLock } from './transport.ts';
export * from './feature-errors.ts';

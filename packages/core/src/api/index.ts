export * from './client.ts';
export { parseResponseBody, retryAfterSeconds } from './responses.ts';

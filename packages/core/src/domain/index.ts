// `@portal/core/domain`: the rules, texts and formats shared by the web app and the server.
// The server imports only this entry, so nothing here may load XState, openapi-fetch or
// src/api at run time (type-only imports are erased); domain-entry.test.ts enforces it.
export type { paths, components, operations } from '../api/schema.gen.ts';
export * from './messages.ts';
export * from './domains.ts';
export * from './addresses.ts';
export * from './validation/index.ts';
export * from './formatting.ts';
export * from './plans.ts';
export * from './titles.ts';
export * from './initials.ts';
export * from './landing.ts';
export * from './redirects.ts';
export * from './checkout-urls.ts';
export * from './subscription-status.ts';
export * from './licence-verification.ts';
export * from './theme-releases.ts';
export * from './revenue.ts';

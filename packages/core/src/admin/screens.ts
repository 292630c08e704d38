// `@portal/core/admin`: the back office's screens' flows, imported by its own build entry only
// (admin.html). Kept out of the bare `@portal/core`, which a customer's pages load: only the
// access rules (./index.ts) are there (docs/architecture.md, 'The back office').
export * from './licences/index.ts';
export * from './releases/index.ts';
export * from './indicators/index.ts';

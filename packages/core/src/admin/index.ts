// `@portal/core/admin`: the back office's flows, loaded by its own build entry only (admin.html),
// never by a customer's pages (docs/architecture.md, 'The back office').
export * from './licences/index.ts';
export * from './releases/index.ts';
export * from './indicators/index.ts';

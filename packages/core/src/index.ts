export * from './domain/messages.ts';
export * from './domain/domains.ts';
export * from './api/errors.ts';
export type { paths, components, operations } from './api/schema.gen.ts';
export * from './api/index.ts';
export * from './session/index.ts';
export * from './domain/validation/index.ts';

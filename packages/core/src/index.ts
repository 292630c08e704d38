// `@portal/core`: the API client, the session and the flow machines (see docs/architecture.md).
// It also re-exports the domain entry so the web package keeps compiling while its imports move to
// `@portal/core/domain`; the server imports only `@portal/core/domain`.
export * from './domain/index.ts';
export * from './api/errors.ts';
export * from './api/index.ts';
export * from './session/index.ts';
export * from './auth/index.ts';
export * from './login/index.ts';
export * from './notifications/index.ts';
export * from './pricing/index.ts';
export * from './checkout/index.ts';
export * from './signup/index.ts';
export * from './onboarding/index.ts';
export * from './licences/index.ts';
export * from './sidebar/index.ts';
export * from './subscription/index.ts';
export * from './theme-download/index.ts';
export * from './establishment-search/index.ts';
export * from './hero/index.ts';
export * from './profile/index.ts';
export * from './password/index.ts';
export * from './password-reset/index.ts';
export * from './payment-success/index.ts';
export * from './payment-cancel/index.ts';
export * from './account/index.ts';
export * from './admin/index.ts';
export * from './machine-kit.ts';
export * from './view-kit.ts';

export * from './tokenStore.ts';
export * from './jwt.ts';

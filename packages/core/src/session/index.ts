export * from './tokenStore.ts';

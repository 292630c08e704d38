export * from './tokenStore.ts';
export * from './jwt.ts';
export * from './preferences.ts';

export * from './auth.machine.ts';
export * from './auth.actors.ts';
export * from './auth.types.ts';
export * from './auth.selectors.ts';
export * from './auth.identity.ts';
export * from './cross-tab.ts';

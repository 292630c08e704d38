export * from './search.machine.ts';
export * from './search.rules.ts';
export * from './search.selectors.ts';
export * from './search.types.ts';

export * from './establishment-search.types.ts';
export * from './establishment-search.machine.ts';
export * from './establishment-search.actors.ts';
export * from './establishment-search.selectors.ts';

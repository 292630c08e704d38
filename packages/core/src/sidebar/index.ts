export * from './sidebar.machine.ts';
export * from './sidebar.actors.ts';
export * from './sidebar.types.ts';
export * from './sidebar.selectors.ts';

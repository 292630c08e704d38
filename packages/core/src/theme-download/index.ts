export * from './theme-download.machine.ts';
export * from './theme-download.actors.ts';
export * from './theme-download.types.ts';
export * from './theme-download.selectors.ts';
export * from './theme-download.view.ts';

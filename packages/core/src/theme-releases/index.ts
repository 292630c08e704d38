export * from './theme-releases.machine.ts';
export * from './theme-releases.actors.ts';
export * from './theme-releases.types.ts';
export * from './theme-releases.view.ts';

export * from './theme-update.machine.ts';
export * from './theme-update.actors.ts';
export * from './theme-update.types.ts';
export * from './theme-update.rules.ts';
export * from './theme-update.view.ts';

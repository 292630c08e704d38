export * from './notifications.types.ts';
export * from './notifications.machine.ts';
export * from './notifications.actors.ts';
export * from './notifications.selectors.ts';

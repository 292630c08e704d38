export * from './admin-releases.machine.ts';
export * from './admin-releases.actors.ts';
export * from './admin-releases.types.ts';
export * from './admin-releases.rules.ts';
export * from './admin-releases.view.ts';

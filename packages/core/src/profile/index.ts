export * from './profile.machine.ts';
export * from './profile.actors.ts';
export * from './profile.types.ts';
export * from './profile.rules.ts';
export * from './profile.selectors.ts';
export * from './profile.view.ts';

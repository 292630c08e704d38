export * from './password.machine.ts';
export * from './password.actors.ts';
export * from './password.types.ts';
export * from './password.rules.ts';
export * from './password.selectors.ts';
export * from './password.view.ts';

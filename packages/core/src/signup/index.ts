export * from './signup.types.ts';
export * from './signup.machine.ts';
export * from './signup.actors.ts';
export * from './signup.selectors.ts';

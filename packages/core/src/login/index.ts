export * from './login.machine.ts';
export * from './login.actors.ts';
export * from './login.types.ts';
export * from './login.selectors.ts';

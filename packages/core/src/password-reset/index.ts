export * from './password-reset.validation.ts';
export * from './password-reset.machine.ts';
export * from './password-reset.actors.ts';
export * from './password-reset.selectors.ts';

export * from './customer.actors.ts';
export * from './customer.machine.ts';
export * from './customer.rules.ts';
export * from './customer.selectors.ts';
export * from './customer.types.ts';

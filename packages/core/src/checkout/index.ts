export * from './checkout.types.ts';
export * from './checkout.machine.ts';
export * from './checkout.actors.ts';
export * from './checkout.selectors.ts';

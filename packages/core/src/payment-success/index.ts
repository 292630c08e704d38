export * from './attach.ts';
export * from './payment-success.machine.ts';
export * from './payment-success.actors.ts';
export * from './payment-success.selectors.ts';

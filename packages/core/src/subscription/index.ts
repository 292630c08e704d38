export * from './subscription.machine.ts';
export * from './subscription.actors.ts';
export * from './subscription.types.ts';
export * from './subscription.selectors.ts';
export * from './subscription.rules.ts';
export * from './subscription.view.ts';

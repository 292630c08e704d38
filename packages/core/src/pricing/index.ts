export * from './pricing.types.ts';
export * from './pricing.machine.ts';
export * from './pricing.actors.ts';
export * from './pricing.selectors.ts';
export * from './pricing.preselection.ts';

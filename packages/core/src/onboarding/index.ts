export * from './onboarding.types.ts';
export * from './onboarding.machine.ts';
export * from './onboarding.actors.ts';
export * from './onboarding.selectors.ts';

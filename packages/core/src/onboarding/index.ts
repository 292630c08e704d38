export * from './onboarding.types.ts';
export * from './onboarding.machine.ts';
export * from './onboarding.actors.ts';
export * from './onboarding.selectors.ts';
export * from './onboarding.view.ts';
export * from './resend-link.machine.ts';
export * from './resend-link.actors.ts';
export * from './resend-link.selectors.ts';

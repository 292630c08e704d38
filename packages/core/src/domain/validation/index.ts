export * from './form.ts';
export * from './login.ts';
export * from './forgot-password.ts';
export * from './signup.ts';
export * from './onboarding.ts';
export * from './profile.ts';
export * from './password.ts';
export * from './licence.ts';

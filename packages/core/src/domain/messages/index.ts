/**
 * The French message catalogue: every text of docs/product.md (screens, validation rules, error
 * catalogue), one file per audience. Nothing else in the code base spells these texts; tests
 * compare against the wording of docs/product.md. Read it as `messages` (../messages.ts).
 */
export { http } from './http.ts';
export * as auth from './auth.ts';
export * as validation from './validation.ts';
export { signup } from './signup.ts';
export * as onboarding from './onboarding.ts';
export { profile } from './profile.ts';
export { password } from './password.ts';
export { licences } from './licences.ts';
export { licenceVerification } from './licenceVerification.ts';
export { licenceReport } from './licenceReport.ts';
export { subscription } from './subscription.ts';
export { subscriptionRules } from './subscriptionRules.ts';
export { theme } from './theme.ts';
export { themeReleases } from './themeReleases.ts';
export { themeTab } from './themeTab.ts';
export { releaseMails } from './releaseMails.ts';
export { establishmentSearch } from './establishmentSearch.ts';
export { pricing } from './pricing.ts';
export { paymentSuccess } from './paymentSuccess.ts';
export { purchase } from './purchase.ts';
export { account } from './account.ts';
export { shell } from './shell.ts';
export { forms } from './forms.ts';
export { admin } from './admin.ts';

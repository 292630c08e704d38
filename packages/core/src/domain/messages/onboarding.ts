// Read as `messages.onboarding`: the payment-session errors, which the landing also shows when the
// onboarding sends a visitor back, are here; the onboarding page's own texts are in
// onboarding.page.ts, so the landing does not carry them.
export * from './onboarding.page.ts';

export const missingSession = 'Session de paiement manquante';
export const invalidSession = 'Session de paiement invalide ou expirée';
export const verificationError = 'Erreur lors de la vérification du paiement';

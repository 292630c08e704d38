// `messages.onboarding`, the onboarding page's own texts (see onboarding.ts).
export const accessDenied = 'Accès refusé';
export const accessDeniedText =
  "Vous n'avez pas les autorisations nécessaires pour accéder à cette page.";
export const submitting = 'Création en cours...';
export const emailTaken = 'Cet email est déjà utilisé';
export const passwordRejected = 'Le mot de passe ne respecte pas les critères requis';
export const genericError =
  'Une erreur est survenue lors de la création du compte. Veuillez réessayer.';
export const finishError = "Erreur lors de la fin de l'onboarding";

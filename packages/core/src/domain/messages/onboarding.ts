export const onboarding = {
  accessDenied: 'Accès refusé',
  accessDeniedText: "Vous n'avez pas les autorisations nécessaires pour accéder à cette page.",
  missingSession: 'Session de paiement manquante',
  invalidSession: 'Session de paiement invalide ou expirée',
  verificationError: 'Erreur lors de la vérification du paiement',
  submitting: 'Création en cours...',
  emailTaken: 'Cet email est déjà utilisé',
  passwordRejected: 'Le mot de passe ne respecte pas les critères requis',
  genericError: 'Une erreur est survenue lors de la création du compte. Veuillez réessayer.',
  finishError: "Erreur lors de la fin de l'onboarding",
} as const;

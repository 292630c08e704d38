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

// The page's labels (docs/product.md#onboarding), which its view model hands the page.
export const verifying = 'Vérification du paiement…';
export const backToPricing = 'Retour aux tarifs';
export const title = 'Créez votre compte';
/** The page's route name, and the account form's name. */
export const accountCreation = 'Création du compte';
export const planRegion = 'Votre formule';
export const planConfirmed = 'Paiement confirmé pour la formule';
export const fieldLabels = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Email',
  password: 'Mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  company: 'Entreprise (facultatif)',
  acceptTerms: "J'accepte les conditions d'utilisation",
  newsletter: 'Je souhaite recevoir la newsletter',
} as const;
export const termsLink = 'Lire les conditions d’utilisation (nouvel onglet)';
export const submit = 'Créer mon compte';
export const existingAccountTitle = 'Compte existant';
export const existingAccountForm = 'Connexion au compte existant';
export const signInLabels = {
  email: 'Email du compte',
  password: 'Mot de passe du compte',
} as const;
export const retryAttach = 'Réessayer';
export const otherEmailTitle = 'Créer un compte avec un autre email';
export const otherEmailKept = 'Vos autres informations sont gardées.';
export const useAnotherEmail = 'Utiliser un autre email';

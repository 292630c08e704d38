// `messages.auth`, the login and password-reset screens' texts (see auth.ts).
export const loginError = 'Erreur lors de la connexion';
export const loginFallback = 'Erreur de connexion';
/** The login button's name while the call runs (react-aria announces it). */
export const loggingIn = 'Connexion en cours';
export const forgotPasswordError = "Erreur lors de l'envoi du lien de réinitialisation";
export const resetPasswordError = 'Erreur lors de la réinitialisation du mot de passe';
export const resetLinkSent =
  'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé.';
export const resetSuccess = 'Mot de passe réinitialisé avec succès';
export const resetTokenInvalid = 'Lien de réinitialisation invalide ou expiré';

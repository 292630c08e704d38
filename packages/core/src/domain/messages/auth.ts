export const auth = {
  loginSuccess: 'Connexion réussie !',
  loginError: 'Erreur lors de la connexion',
  loginFallback: 'Erreur de connexion',
  logoutSuccess: 'Déconnexion réussie',
  sessionExpired: 'Session expirée, veuillez vous reconnecter',
  fetchUserError: 'Erreur lors de la récupération des informations utilisateur',
  forgotPasswordError: "Erreur lors de l'envoi du lien de réinitialisation",
  resetPasswordError: 'Erreur lors de la réinitialisation du mot de passe',
  invalidCredentials: 'Email ou mot de passe incorrect',
  resetLinkSent: 'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé.',
  resetSuccess: 'Mot de passe réinitialisé avec succès',
  resetTokenInvalid: 'Lien de réinitialisation invalide ou expiré',
  accountDeleted: 'Compte supprimé',
  /** The login button's name while the call runs (react-aria announces it). */
  loggingIn: 'Connexion en cours',
} as const;

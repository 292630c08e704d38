// Read as `messages.auth`: the session's texts, which the shared entry shows, are here; the login
// and password-reset screens' texts are in auth.screens.ts, so the entry does not carry them.
export * from './auth.screens.ts';

export const loginSuccess = 'Connexion réussie !';
export const logoutSuccess = 'Déconnexion réussie';
export const sessionExpired = 'Session expirée, veuillez vous reconnecter';
export const fetchUserError = 'Erreur lors de la récupération des informations utilisateur';
export const invalidCredentials = 'Email ou mot de passe incorrect';
export const accountDeleted = 'Compte supprimé';

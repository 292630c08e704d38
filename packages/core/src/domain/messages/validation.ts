// Read as `messages.validation`: the rules' texts of the sign-up, login and password forms are
// here; the signed-in customer's forms' are in validation.account.ts (licences) and
// validation.tabs.ts (profile, password change, theme), so each travels with its screens.
export * from './validation.account.ts';
export * from './validation.tabs.ts';

export const emailRequired = "L'email est requis";
export const emailInvalid = "Format d'email invalide";
export const passwordRequired = 'Le mot de passe est requis';
export const passwordMin6 = 'Le mot de passe doit contenir au moins 6 caractères';
export const passwordMin8 = 'Le mot de passe doit contenir au moins 8 caractères';
export const passwordsMismatch = 'Les mots de passe ne correspondent pas';
export const firstNameRequired = 'Le prénom est requis';
export const lastNameRequired = 'Le nom est requis';
export const termsRequired = "Vous devez accepter les conditions d'utilisation";
export const phoneInvalid = 'Format de téléphone invalide';
export const firstNameLength = 'Le prénom doit contenir entre 2 et 50 caractères';
export const lastNameLength = 'Le nom doit contenir entre 2 et 50 caractères';
export const newPasswordRequired = 'Le nouveau mot de passe est requis';
export const passwordComplexity =
  'Le mot de passe doit contenir une minuscule, une majuscule et un chiffre';
/** The hint under every new-password field (docs/product.md#new-passwords). */
export const newPasswordHint =
  'Au moins 8 caractères, avec une minuscule, une majuscule et un chiffre.';
export const confirmPasswordRequired = 'La confirmation du mot de passe est requise';
export const restaurantNameRequired = 'Le nom du restaurant est requis';
export const addressRequired = "L'adresse est requise";
export const ownerNameRequired = 'Le nom du propriétaire est requis';
export const phoneRequired = 'Le téléphone est requis';
export const cityRequired = 'La ville est requise';

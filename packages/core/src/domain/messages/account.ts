export const account = {
  /**
   * docs/product.md#feature-errors: account deletion refused with 401 (the password given is
   * wrong).
   */
  deletionWrongPassword: 'Mot de passe incorrect',
  deletionError: 'Erreur lors de la suppression du compte',
} as const;

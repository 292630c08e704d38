export const password = {
  changeSuccess: 'Mot de passe modifié avec succès',
  currentIncorrect: 'Mot de passe actuel incorrect',
  changeError: 'Erreur lors du changement de mot de passe',
} as const;

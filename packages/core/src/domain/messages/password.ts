export const password = {
  changeSuccess: 'Mot de passe modifié avec succès',
  currentIncorrect: 'Mot de passe actuel incorrect',
  changeError: 'Erreur lors du changement de mot de passe',
  submit: 'Modifier le mot de passe',
  submitting: 'Modification…',
} as const;

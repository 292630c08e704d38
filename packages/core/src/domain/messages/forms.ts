/** What every form of the dashboard says on its submit button. */
export const forms = {
  save: 'Enregistrer',
  saving: 'Enregistrement…',
} as const;

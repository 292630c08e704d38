/**
 * The profile's switch of the mails announcing each new theme version (docs/product.md#profile-tab).
 * A section of its own: only the profile's lazy chunk reads it.
 */
export const releaseMails = {
  label: 'Recevoir un e-mail à chaque nouvelle version du thème',
  hint: 'Un e-mail par version, avec ses nouveautés.',
  title: 'Nouvelles versions du thème',
  loadError: 'Erreur lors du chargement de vos préférences.',
  saveError: 'Votre choix n’a pas pu être enregistré : réessayez.',
  on: 'Vous recevrez un e-mail à chaque nouvelle version.',
  off: 'Vous ne recevrez plus d’e-mail pour les nouvelles versions.',
} as const;

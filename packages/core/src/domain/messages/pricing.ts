export const pricing = {
  loadError: 'Impossible de charger les plans pour le moment.',
  checkoutError: 'Une erreur est survenue lors du traitement du paiement.',
  /** The checkout's overlay, and the chosen card's button, until the browser leaves. */
  preparingPayment: 'Préparation du paiement…',
  popularText: 'Recommandé',
  buttonText: 'Choisir ce plan',
  monthPeriod: 'mois',
  yearPeriod: 'an',
  yearlyBadge: '-15%',
  /** The marker of the plan the visitor had chosen before (back from a cancelled payment). */
  preselected: 'Votre choix',
} as const;

import { licences } from './licences.ts';

const usedLicences = (used: number) =>
  `${used} ${used > 1 ? 'licences utilisées' : 'licence utilisée'}`;

export const subscription = {
  loadError: 'Erreur lors du chargement des abonnements.',
  portalRedirectError: 'Erreur lors de la redirection vers le portail Stripe',
  portalAccessError: "Erreur lors de l'accès au portail Stripe",
  /** The status badge, by the subscription's status (docs/product.md#subscription-tab). */
  statusLabels: {
    trialing: 'Essai gratuit',
    active: 'Actif',
    past_due: 'Paiement en échec',
    canceled: 'Résilié',
    trial_ended: 'Essai terminé',
  },
  /** The trial's days left, counted in calendar days (0: its last day). */
  trialLine: (daysLeft: number) =>
    daysLeft <= 0
      ? 'Essai gratuit : dernier jour'
      : daysLeft === 1
        ? 'Essai gratuit : 1 jour restant'
        : `Essai gratuit : ${daysLeft} jours restants`,
  endsOn: (date: string) => `Se termine le ${date}`,
  cancelButton: 'Résilier mon abonnement',
  cancelConfirmation: (date: string) =>
    `Votre abonnement restera actif jusqu'au ${date}, puis sera résilié.`,
  resumeButton: 'Reprendre mon abonnement',
  pastDue:
    'Votre dernier paiement a échoué. Mettez à jour votre carte pour garder votre abonnement.',
  updateCard: 'Mettre à jour ma carte',
  /** The button to the provider's customer portal, and that portal's title in the sandbox. */
  manage: 'Gérer mon abonnement',
  changePlanButton: 'Passer à ce plan',
  currentPlan: 'Formule actuelle',
  changeTitle: 'Changer de plan',
  /** `price` already formatted ('19,99 €'), `period` 'mois' or 'an'. */
  newPrice: (price: string, period: string) => `Nouveau tarif : ${price} / ${period}`,
  changeApplies:
    "Le changement s'applique dès maintenant ; la différence est calculée au prorata sur votre prochaine facture.",
  confirmChange: 'Confirmer le changement',
  keepLicences: (planName: string, limit: number) =>
    limit > 1
      ? `Le plan ${planName} permet ${limit} licences. Choisissez celles à garder actives ; les autres seront désactivées, pas supprimées.`
      : `Le plan ${planName} permet ${limit} licence. Choisissez celle à garder active ; les autres seront désactivées, pas supprimées.`,
  keepCount: (kept: number, limit: number) =>
    `${kept} ${kept > 1 ? 'licences sélectionnées' : 'licence sélectionnée'} sur ${limit}`,
  keepExactly: (limit: number) =>
    `Choisissez ${limit} ${limit > 1 ? 'licences' : 'licence'} à garder.`,
  changed: 'Votre plan a été modifié.',
  cancelScheduled: (date: string) => `Votre abonnement sera résilié le ${date}.`,
  resumed: 'Votre abonnement a repris.',
  changeError: 'Le changement de plan a échoué. Veuillez réessayer.',
  cancelError: 'La résiliation a échoué. Veuillez réessayer.',
  resumeError: "La reprise de l'abonnement a échoué. Veuillez réessayer.",
  noActiveSubscription: 'Aucun abonnement actif',
  usageLine: (used: number, limit: number) => `${usedLicences(used)} sur ${limit}`,
  /** A plan without a limit (999): the usage card's 'Illimité'. */
  unlimitedUsageLine: (used: number) => `${usedLicences(used)} (${licences.unlimited})`,
  perMonth: 'par mois',
  perYear: 'par an',
  /** The portal's buttons until the browser leaves for it. */
  redirecting: 'Redirection…',
  resuming: 'Reprise…',
  changing: 'Changement en cours…',
  cancelling: 'Résiliation…',
  trialNotice: "Choisissez une formule ci-dessous pour continuer après l'essai.",
  noneNotice:
    "Vous n'avez pas d'abonnement actif. Choisissez une formule ci-dessous pour créer vos licences et télécharger le thème.",
  /** Why no licence can be added by a customer who never subscribed. */
  noneReason: 'Aucun abonnement actif : choisissez un plan pour créer vos licences.',
  choosePlan: 'Choisir un plan',
} as const;

/**
 * The server's refusals of the subscription lifecycle (docs/product.md, 'Subscription
 * lifecycle'), shown as the server says them.
 */
export const subscriptionRules = {
  trialEnded: 'Votre essai gratuit est terminé : choisissez un plan pour continuer.',
  subscriptionEnded: 'Votre abonnement est terminé : choisissez un plan pour continuer.',
  noPaidSubscription: 'Aucun abonnement payant à modifier : choisissez un plan pour vous abonner.',
  samePlan: 'Vous avez déjà ce plan.',
  /** The plan change would leave more active licences than the new plan allows. */
  tooManyLicences: (planName: string, limit: number, kept: number) =>
    `Le plan ${planName} permet ${limit} ${limit > 1 ? 'licences actives' : 'licence active'} et vous en gardez ${kept} : choisissez les licences à garder.`,
  nothingToCancel: 'Aucun abonnement actif à résilier.',
  cannotResume: 'Cet abonnement est terminé : choisissez un plan pour vous abonner de nouveau.',
} as const;

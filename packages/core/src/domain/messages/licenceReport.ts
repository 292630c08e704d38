/**
 * What a licence's row in 'Gestion des licences' says of the theme's last check (docs/product.md,
 * 'Licences tab'): its standing in words, when and where the theme last reported, and the update.
 */
export const licenceReport = {
  active: 'Active : le thème est autorisé sur cette boutique.',
  trial: 'Active pendant votre essai gratuit.',
  grace:
    'Active en période de grâce : le dernier paiement a échoué, mettez à jour votre moyen de paiement.',
  suspended: (reason: string) => `Suspendue : ${reason}`,
  /** A suspension kept without a reason. */
  suspendedNoReason: 'Suspendue : contactez le support pour la réactiver.',
  trialEnded: 'Inactive : votre essai gratuit est terminé.',
  subscriptionEnded: 'Inactive : votre abonnement est terminé.',
  setAside: 'Inactive : désactivée par un changement de plan.',
  /** `ago` as Intl writes it in French: 'il y a 5 minutes'. */
  seenAgo: (ago: string) => `Vérifiée ${ago}`,
  /** Under a minute ago (or a clock a little ahead of the browser's). */
  seenJustNow: 'Vérifiée il y a moins d’une minute',
  neverSeen: 'Le thème ne s’est pas encore manifesté sur cette boutique.',
  where: (host: string, version: string) => `Sur ${host}, version ${version}`,
  whereNoVersion: (host: string) => `Sur ${host}, version non indiquée`,
  upToDate: 'Version à jour',
  /** The link to the release's notes in the 'Thème' tab. */
  notes: 'Voir les nouveautés',
} as const;

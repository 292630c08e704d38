export const licences = {
  loadError: 'Erreur lors du chargement.',
  notFound: 'Licence introuvable',
  conflict: 'Une licence avec ce domaine existe déjà',
  badRequest: 'Les données fournies sont invalides',
  forbidden: "Vous n'avez pas les permissions pour effectuer cette action",
  unexpected: "Une erreur inattendue s'est produite. Veuillez réessayer.",
  limitWarning: (limit: number) =>
    `Vous avez atteint la limite de ${limit} ${limit === 1 ? 'licence' : 'licences'} de votre abonnement.`,
  created: 'Licence créée avec succès',
  updated: 'Licence modifiée avec succès',
  deleted: 'Licence supprimée avec succès',
  unlimited: 'Illimité',
  limitReached: 'Limite atteinte',
  available: 'Disponible',
  statusActive: 'Active',
  statusInactive: 'Inactive',
  noExpiry: 'Sans expiration',
  /** The badge of a licence an admin suspended (the others: the verification's status). */
  statusSuspended: 'Suspendue',
  /** What the theme last reported (docs/product.md#licences-tab). */
  neverSeen: 'Jamais vérifiée : installez le thème et ouvrez une page de votre boutique.',
  seen: (when: string, host: string | null, version: string | null) =>
    `Vérifiée ${when}${host === null ? '' : ` sur ${host}`}${version === null ? '' : `, thème en version ${version}`}`,
  suspensionReason: (reason: string) => `Motif : ${reason}`,
  /** A licence whose shop runs an older version than the latest (docs/product.md#licences-tab). */
  updateAvailable: (version: string) => `Mise à jour disponible : version ${version}`,
  addTitle: 'Ajouter une licence',
  editTitle: 'Modifier la licence',
  delete: 'Supprimer',
  deleting: 'Suppression…',
  /** The admin's suspension and reinstatement (docs/product.md, 'Licence verification'). */
  suspended: 'Licence suspendue',
  reinstated: 'Licence réactivée',
  /** A customer changing or deleting a suspended licence. */
  suspendedLocked:
    'Cette licence est suspendue : elle ne peut être ni modifiée ni supprimée. Contactez le support.',
} as const;

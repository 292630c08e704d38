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
  statusSuspended: 'Suspendue',
  noExpiry: 'Sans expiration',
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

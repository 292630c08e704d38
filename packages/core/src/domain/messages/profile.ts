export const profile = {
  updateSuccess: 'Profil mis à jour avec succès',
  invalidData: 'Données invalides',
  conflict: 'Cet email ou ce domaine est déjà utilisé',
  updateError: 'Erreur lors de la mise à jour du profil',
  loadError: 'Erreur lors du chargement des informations.',
  active: 'Actif',
  inactive: 'Inactif',
  noSubscription: 'Aucun abonnement',
  /** A detail the customer left empty. */
  notProvided: 'Non renseigné',
} as const;

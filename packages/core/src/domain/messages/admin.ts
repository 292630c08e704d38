/**
 * The back office's answers (docs/product.md#back-office): what the vendor's admins read when
 * they act on customers and licences.
 */
export const admin = {
  customerNotFound: 'Client introuvable',
  onboardingLinkSent: 'Lien de création de compte renvoyé',
  /** The customer has no paid checkout waiting for its account. */
  noPendingPurchase: "Aucun paiement de ce client n'attend la création de son compte.",
  passwordResetSent: 'Lien de réinitialisation du mot de passe envoyé',
  /** A payment still awaiting its account has no password to reset. */
  noAccountYet:
    "Ce client n'a pas encore créé son compte : renvoyez-lui plutôt le lien de création de compte.",
  licenceTransferred: 'Licence transférée',
  /** Two admins at once: the second finds the licence already as it asked, or changed since. */
  licenceAlreadySuspended: 'Cette licence est déjà suspendue.',
  licenceNotSuspended: "Cette licence n'est pas suspendue.",
  licenceChanged:
    'Cette licence a été modifiée entre-temps : rechargez-la pour voir son état avant de recommencer.',
  sameShop: 'La licence est déjà associée à cette boutique.',
  searchTooLong: 'La recherche ne peut pas dépasser 200 caractères',
  /** The back office's lists (Clients, Journal). */
  search: {
    failed: 'La recherche a échoué. Réessayez.',
    retry: 'Réessayer',
    previous: 'Page précédente',
    next: 'Page suivante',
    loading: 'Recherche…',
  },
  /** The Clients page. */
  clients: {
    title: 'Clients',
    searchLabel: 'Rechercher un client',
    searchDescription: 'Email, nom, entreprise ou domaine de boutique',
    empty: 'Aucun client ne correspond à cette recherche.',
    none: "Aucun client pour l'instant.",
    tableLabel: 'Clients',
    columns: {
      email: 'Email',
      name: 'Nom',
      company_name: 'Entreprise',
      shop_domain: 'Boutique',
      subscription: 'Abonnement',
      licenses_used: 'Licences',
      created_at: 'Créé le',
    },
    pendingAccount: 'Compte à créer',
    noSubscription: 'Aucun',
  },
  /** The back office's frame (docs/product.md#back-office). */
  shell: {
    title: 'Back-office',
    navLabel: 'Back-office',
    signedInAs: 'Connecté en tant que',
    logOut: 'Se déconnecter',
    retry: 'Réessayer',
  },
} as const;

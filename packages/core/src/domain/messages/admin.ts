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
  /** The Licences screen (docs/product.md#back-office-screens). */
  licences: {
    loadError: 'Impossible de charger les licences.',
    noResult: 'Aucune licence ne correspond à cette recherche.',
    reasonRequired: 'Indiquez la raison de cette action.',
    reasonTooLong: 'La raison ne peut pas dépasser 500 caractères.',
    customerRequired: 'Indiquez l’identifiant du client.',
    statusSuspended: 'Suspendue',
    suspendedSince: (date: string) => `Suspendue depuis le ${date}`,
    neverSeen: 'Jamais vérifiée par le thème',
    seen: (date: string, host: string, version: string) =>
      `Vue le ${date} sur ${host}, version ${version}`,
    unknownVersion: 'inconnue',
    /** A 409: what the admin asked was not done; the licence below is as it is now. */
    reloaded: 'La licence affichée a été rechargée : vérifiez son état avant de recommencer.',
    actions: {
      create: { title: 'Créer une licence', confirm: 'Créer', pending: 'Création…' },
      suspend: { title: 'Suspendre la licence', confirm: 'Suspendre', pending: 'Suspension…' },
      reinstate: { title: 'Réactiver la licence', confirm: 'Réactiver', pending: 'Réactivation…' },
      transfer: { title: 'Transférer la licence', confirm: 'Transférer', pending: 'Transfert…' },
      delete: { title: 'Supprimer la licence', confirm: 'Supprimer', pending: 'Suppression…' },
    },
  },
  /** The Versions screen. */
  releases: {
    loadError: 'Impossible de charger les versions.',
    none: 'Aucune version publiée.',
    versionRequired: 'Indiquez le numéro de version (par exemple 1.4.0).',
    versionInvalid: 'Le numéro de version doit suivre la forme 1.4.0.',
    notesRequired: 'Décrivez les changements de cette version.',
    notesTooLong: 'Les notes ne peuvent pas dépasser 5000 caractères.',
    publish: 'Publier la version',
    publishing: 'Publication…',
    mailsQueued: (count: number) =>
      count === 0
        ? 'Aucun client à prévenir par e-mail.'
        : `${count} ${count > 1 ? 'clients seront prévenus' : 'client sera prévenu'} par e-mail.`,
    unexpected: 'La version n’a pas pu être publiée. Veuillez réessayer.',
    /** A release the server seeded from the theme package, published by no admin. */
    seeded: 'Livrée avec le portail',
  },
  /** The Indicateurs screen. */
  indicators: {
    loadError: 'Impossible de charger les indicateurs.',
    monthly: 'Mensuel',
    yearly: 'Annuel',
    movements: {
      new: 'Nouveaux',
      expansion: 'Expansion',
      contraction: 'Contraction',
      churn: 'Churn',
      net: 'Variation nette',
    },
    trialsStarted: 'Essais commencés',
    trialsConverted: 'Essais convertis',
  },
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

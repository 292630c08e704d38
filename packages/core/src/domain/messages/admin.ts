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
  retry: 'Réessayer',
  /** The back office's lists (Clients, Journal). */
  search: {
    failed: 'La recherche a échoué. Réessayez.',
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
      subscription: 'Formule et statut',
      licenses_used: 'Licences',
      created_at: 'Créé le',
    },
    pendingAccount: 'Compte à créer',
    noSubscription: 'Aucun',
  },
  /** The Journal page. */
  journal: {
    title: 'Journal',
    searchLabel: 'Rechercher dans le journal',
    searchDescription:
      "Email, nom ou boutique d'un client, domaine d'une licence, ou type d'événement",
    tableLabel: 'Événements du journal',
    empty: 'Aucun événement ne correspond à cette recherche.',
    none: "Aucun événement pour l'instant.",
    columns: { at: 'Date', type: 'Événement', actor: 'Par', customer: 'Client', reason: 'Raison' },
  },
  /** A customer's page. */
  customer: {
    loadFailed: 'Impossible de charger ce client. Réessayez.',
    actionFailed: "L'action n'a pas abouti. Réessayez.",
    reasonLabel: 'Raison (gardée dans le journal)',
    reasonRequired: 'Indiquez la raison de cette action',
    reasonTooLong: 'La raison ne peut pas dépasser 500 caractères',
    back: 'Retour aux clients',
    profile: 'Profil',
    subscription: 'Abonnement et historique',
    history: "Historique de l'abonnement",
    licences: 'Licences',
    mails: 'Mails envoyés',
    actions: 'Actions',
    pendingPurchases: 'Paiements en attente de compte',
    noSubscription: "Ce client n'a pas d'abonnement.",
    noHistory: 'Aucun événement.',
    noLicences: 'Aucune licence.',
    noMails: 'Aucun mail envoyé.',
    cancel: 'Annuler',
    passwordReset: {
      button: 'Envoyer un lien de réinitialisation du mot de passe',
      title: 'Envoyer un lien de réinitialisation ?',
      body: (email: string) =>
        `Un lien pour choisir un nouveau mot de passe sera envoyé à ${email}.`,
      confirm: 'Envoyer le lien',
      pending: 'Envoi…',
    },
    onboardingLink: {
      button: 'Renvoyer le lien de création de compte',
      title: 'Renvoyer le lien de création de compte ?',
      body: (email: string) =>
        `Le lien pour créer son compte sera renvoyé à ${email}, pour chaque paiement qui l'attend.`,
      confirm: 'Renvoyer le lien',
      pending: 'Envoi…',
    },
    mailStatus: { pending: 'En attente', sent: 'Envoyé', failed: 'Échec' },
    suspended: 'Suspendue',
    neverSeen: 'Jamais vue par le thème',
    openLicences: 'Voir dans Licences',
  },
  /** What each journal event is, as the journal and a customer's history name it. */
  eventLabels: {
    account_created: 'Compte créé',
    account_deleted: 'Compte supprimé',
    trial_started: "Début de l'essai",
    trial_ended: "Fin de l'essai gratuit",
    checkout_paid: 'Paiement initial',
    payment_succeeded: 'Paiement réussi',
    payment_failed: 'Paiement en échec',
    plan_changed: 'Changement de formule',
    cancellation_scheduled: 'Résiliation programmée',
    subscription_resumed: 'Abonnement repris',
    subscription_ended: 'Abonnement terminé',
    password_reset_sent: 'Envoi du lien de réinitialisation',
    mail_queued: 'Mail mis en file',
    licence_created: 'Licence créée',
    licence_edited: 'Licence modifiée',
    licence_deleted: 'Licence supprimée',
    licence_suspended: 'Licence suspendue',
    licence_reinstated: 'Licence rétablie',
    licence_transferred: 'Transfert de licence',
    onboarding_link_sent: 'Renvoi du lien de création de compte',
  },
  /** Who did what the journal records. */
  actorLabels: {
    admin: 'Admin',
    customer: 'Client',
    provider: 'Prestataire de paiement',
    system: 'Système',
  },
  /** The back office's frame (docs/product.md#back-office). */
  shell: {
    title: 'Back-office',
    navLabel: 'Back-office',
    signedInAs: 'Connecté en tant que',
    logOut: 'Se déconnecter',
  },
} as const;

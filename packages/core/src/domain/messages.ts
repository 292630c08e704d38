/**
 * The French message catalogue: every text of docs/product.md (screens, validation rules, error
 * catalogue), in one place. Nothing else in the code base spells these texts; tests compare against
 * the wording of docs/product.md.
 */
export const messages = {
  http: {
    401: 'Session expirée, veuillez vous reconnecter',
    403: 'Accès refusé - permissions insuffisantes',
    404: 'Ressource non trouvée',
    422: 'Données invalides',
    429: 'Trop de requêtes - veuillez patienter',
    500: 'Erreur serveur interne',
    503: 'Service temporairement indisponible',
    fallback: (status: number) => `Erreur HTTP ${status}`,
    timeout: 'Timeout de la requête dépassé',
    network: 'Erreur de connexion',
    refreshFailed: 'Impossible de rafraîchir le token',
    noRefreshToken: 'Aucun refresh token disponible',
  },
  auth: {
    loginSuccess: 'Connexion réussie !',
    loginError: 'Erreur lors de la connexion',
    loginFallback: 'Erreur de connexion',
    logoutSuccess: 'Déconnexion réussie',
    sessionExpired: 'Session expirée, veuillez vous reconnecter',
    fetchUserError: 'Erreur lors de la récupération des informations utilisateur',
    forgotPasswordError: "Erreur lors de l'envoi du lien de réinitialisation",
    resetPasswordError: 'Erreur lors de la réinitialisation du mot de passe',
    invalidCredentials: 'Email ou mot de passe incorrect',
    resetLinkSent: 'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé.',
    resetSuccess: 'Mot de passe réinitialisé avec succès',
    resetTokenInvalid: 'Lien de réinitialisation invalide ou expiré',
    accountDeleted: 'Compte supprimé',
    /** The login button's name while the call runs (react-aria announces it). */
    loggingIn: 'Connexion en cours',
  },
  validation: {
    emailRequired: "L'email est requis",
    emailInvalid: "Format d'email invalide",
    passwordRequired: 'Le mot de passe est requis',
    passwordMin6: 'Le mot de passe doit contenir au moins 6 caractères',
    passwordMin8: 'Le mot de passe doit contenir au moins 8 caractères',
    passwordsMismatch: 'Les mots de passe ne correspondent pas',
    firstNameRequired: 'Le prénom est requis',
    lastNameRequired: 'Le nom est requis',
    termsRequired: "Vous devez accepter les conditions d'utilisation",
    customDomainRequired: 'Le domaine personnalisé est requis',
    shopDomainRequired: 'Le domaine Shopify est requis',
    customDomainInvalid: "Le format du domaine personnalisé n'est pas valide",
    shopDomainInvalid: "Le format du domaine Shopify n'est pas valide",
    domainRequired: 'Le domaine est requis',
    phoneInvalid: 'Format de téléphone invalide',
    /** Under the phone field: the format the phone rule accepts (a national 06... is refused). */
    phoneHint: 'Format international, par exemple +33 6 12 34 56 78',
    filenameRequired: 'Le nom du fichier est requis',
    firstNameLength: 'Le prénom doit contenir entre 2 et 50 caractères',
    lastNameLength: 'Le nom doit contenir entre 2 et 50 caractères',
    companyNameTooLong: "Le nom de l'entreprise ne doit pas dépasser 100 caractères",
    currentPasswordRequired: 'Le mot de passe actuel est requis',
    newPasswordRequired: 'Le nouveau mot de passe est requis',
    passwordComplexity: 'Le mot de passe doit contenir une minuscule, une majuscule et un chiffre',
    confirmPasswordRequired: 'La confirmation du mot de passe est requise',
    restaurantNameRequired: 'Le nom du restaurant est requis',
    addressRequired: "L'adresse est requise",
    ownerNameRequired: 'Le nom du propriétaire est requis',
    phoneRequired: 'Le téléphone est requis',
    cityRequired: 'La ville est requise',
  },
  signup: {
    header: 'Commencez votre essai gratuit de 7 jours',
    steps: ['Informations', 'Restaurant', 'Préférences'] as const,
    step1Incomplete: "Veuillez remplir tous les champs de l'étape 1 correctement.",
    step2Incomplete: "Veuillez remplir tous les champs obligatoires de l'étape 2.",
    error: 'Erreur lors de la création du compte',
    success: 'Compte créé avec succès !',
    fieldLabels: {
      email: 'Email',
      password: 'Mot de passe',
      confirmPassword: 'Confirmation du mot de passe',
      restaurantName: 'Nom du restaurant',
      address: 'Adresse complète',
      ownerName: 'Nom du propriétaire',
      phone: 'Téléphone',
      city: 'Ville',
    },
    /**
     * docs/product.md#signup-wizard: the step 3 select options (value -> French label), in their
     * documented order.
     */
    cuisineOptions: {
      francaise: 'Française',
      italienne: 'Italienne',
      japonaise: 'Japonaise',
      chinoise: 'Chinoise',
      indienne: 'Indienne',
      mexicaine: 'Mexicaine',
      mediterraneenne: 'Méditerranéenne',
      fusion: 'Fusion',
      bistrot: 'Bistrot',
      brasserie: 'Brasserie',
      gastronomique: 'Gastronomique',
      autre: 'Autre',
    },
    heardFromOptions: {
      reseau_social: 'Réseaux sociaux',
      amis_proches: 'Amis ou proches',
      publicite_papier: 'Publicité papier',
      reseau_professionnel: 'Réseau professionnel',
      autre: 'Autre',
    },
  },
  onboarding: {
    accessDenied: 'Accès refusé',
    accessDeniedText: "Vous n'avez pas les autorisations nécessaires pour accéder à cette page.",
    missingSession: 'Session de paiement manquante',
    invalidSession: 'Session de paiement invalide ou expirée',
    verificationError: 'Erreur lors de la vérification du paiement',
    submitting: 'Création en cours...',
    emailTaken: 'Cet email est déjà utilisé',
    passwordRejected: 'Le mot de passe ne respecte pas les critères requis',
    genericError: 'Une erreur est survenue lors de la création du compte. Veuillez réessayer.',
    finishError: "Erreur lors de la fin de l'onboarding",
  },
  profile: {
    updateSuccess: 'Profil mis à jour avec succès',
    invalidData: 'Données invalides',
    conflict: 'Cet email ou ce domaine est déjà utilisé',
    updateError: 'Erreur lors de la mise à jour du profil',
    loadError: 'Erreur lors du chargement des informations.',
    active: 'Actif',
    inactive: 'Inactif',
    noSubscription: 'Aucun abonnement',
  },
  password: {
    changeSuccess: 'Mot de passe modifié avec succès',
    currentIncorrect: 'Mot de passe actuel incorrect',
    changeError: 'Erreur lors du changement de mot de passe',
  },
  licences: {
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
  },
  subscription: {
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
    usageLine: (used: number, limit: number) =>
      `${used} ${used > 1 ? 'licences utilisées' : 'licence utilisée'} sur ${limit}`,
    trialNotice: "Choisissez une formule ci-dessous pour continuer après l'essai.",
    noneNotice:
      "Vous n'avez pas d'abonnement actif. Choisissez une formule ci-dessous pour créer vos licences et télécharger le thème.",
    /** Why no licence can be added by a customer who never subscribed. */
    noneReason: 'Aucun abonnement actif : choisissez un plan pour créer vos licences.',
    choosePlan: 'Choisir un plan',
  },
  /**
   * The server's refusals of the subscription lifecycle (docs/product.md, 'Subscription
   * lifecycle'), shown as the server says them.
   */
  subscriptionRules: {
    trialEnded: 'Votre essai gratuit est terminé : choisissez un plan pour continuer.',
    subscriptionEnded: 'Votre abonnement est terminé : choisissez un plan pour continuer.',
    noPaidSubscription:
      'Aucun abonnement payant à modifier : choisissez un plan pour vous abonner.',
    samePlan: 'Vous avez déjà ce plan.',
    /** The plan change would leave more active licences than the new plan allows. */
    tooManyLicences: (planName: string, limit: number, kept: number) =>
      `Le plan ${planName} permet ${limit} ${limit > 1 ? 'licences actives' : 'licence active'} et vous en gardez ${kept} : choisissez les licences à garder.`,
    nothingToCancel: 'Aucun abonnement actif à résilier.',
    cannotResume: 'Cet abonnement est terminé : choisissez un plan pour vous abonner de nouveau.',
  },
  theme: {
    downloadError: 'Erreur lors du téléchargement du thème',
  },
  establishmentSearch: {
    connectionError: 'Erreur de connexion',
    notConfigured: 'API Google Places non configurée...',
    noResults: 'Aucun établissement trouvé',
  },
  pricing: {
    loadError: 'Impossible de charger les plans pour le moment.',
    checkoutError: 'Une erreur est survenue lors du traitement du paiement.',
    popularText: 'Recommandé',
    buttonText: 'Choisir ce plan',
    monthPeriod: 'mois',
    yearPeriod: 'an',
    yearlyBadge: '-15%',
    /** The marker of the plan the visitor had chosen before (back from a cancelled payment). */
    preselected: 'Votre choix',
  },
  paymentSuccess: {
    monthly: 'Mensuelle',
    yearly: 'Annuelle',
    fallbackPlanName: 'Plan sélectionné',
    /**
     * docs/product.md#payment-success: plan names by id on the payment success page, before the
     * fallback.
     */
    planNamesById: { '1': 'Starter', '2': 'Professional', '3': 'Enterprise' } as Readonly<
      Record<string, string>
    >,
  },
  /** Buying while signed in, attaching a paid checkout, and finding the onboarding link again. */
  purchase: {
    /** The notification once a paid checkout is the account's subscription. */
    attached: 'Votre abonnement est actif.',
    /** While the payment success page attaches the checkout to the account. */
    activating: 'Activation de votre abonnement…',
    /** The server's 409 on attach while the provider has not confirmed the payment yet. */
    paymentNotConfirmed: "Le paiement n'est pas encore confirmé. Réessayez dans un instant.",
    /** The server's 409 on attach for a session another account already holds. */
    paymentAttachedElsewhere: 'Ce paiement est déjà rattaché à un autre compte.',
    /** The server's 409 on a signed-in checkout while a paid subscription is active. */
    alreadySubscribed:
      'Vous avez déjà un abonnement actif : changez de plan depuis « Mon abonnement ».',
    attachError: "Erreur lors de l'activation de l'abonnement",
    existingAccount:
      'Un compte existe déjà avec cet email. Connectez-vous pour y rattacher votre paiement.',
    existingAccountSubmit: 'Se connecter et rattacher',
    resendTitle: 'Retrouver votre lien de création de compte',
    resendSubmit: 'Renvoyer le lien',
    /** The server's 202 answer to a resend, whatever the email. */
    resendSent:
      'Si un paiement a été fait avec cet email, le lien de création de compte vient de vous être envoyé.',
    resendError: "Erreur lors de l'envoi du lien",
  },
  account: {
    /**
     * docs/product.md#feature-errors: account deletion refused with 401 (the password given is
     * wrong).
     */
    deletionWrongPassword: 'Mot de passe incorrect',
    deletionError: 'Erreur lors de la suppression du compte',
  },
  shell: {
    inDevelopment: 'Fonctionnalité en développement',
    fallbackTitle: 'SaaS App',
    defaultFirstName: 'Utilisateur',
  },
} as const;

/**
 * The French texts only the server says: request-parsing refusals, the answers of its own
 * routes and webhooks, the sandbox provider's hosted pages and the sandbox mailbox (the mails'
 * own words are their templates, in `mail/templates/`). The texts the client also shows live in
 * `@portal/core/domain` (`messages`); a text is never spelled twice.
 */
export const texts = {
  http: {
    invalidJson: "Le corps de la requête n'est pas un JSON valide",
    unsupportedMediaType: 'Type de contenu non pris en charge',
    payloadTooLarge: 'Requête trop volumineuse',
    methodNotAllowed: 'Méthode non autorisée',
  },
  validation: {
    fieldRequired: 'Ce champ est requis',
    fieldInvalid: 'Valeur invalide',
    fieldTooLong: 'Valeur trop longue',
    fieldUnknown: 'Champ non autorisé',
    fieldType: 'Type de valeur invalide',
  },
  theme: {
    invalidFilename: 'Nom de fichier invalide',
    fileNotFound: 'Fichier introuvable',
  },
  customers: {
    preferencesSaved: 'Préférences enregistrées',
    billingSaved: 'Informations de facturation enregistrées',
    accountDeletionProviderUnavailable:
      "Votre abonnement n'a pas pu être résilié pour le moment, votre compte n'a donc pas été supprimé. Réessayez dans quelques minutes.",
  },
  /** The landing's 'Choisir ce plan' form, when the server cannot send the visitor on. */
  checkoutForm: {
    title: 'Paiement non démarré',
    invalidChoice:
      "Ce choix de formule n'est pas valable : choisissez-la de nouveau sur la page des tarifs.",
    backToPrices: 'Revenir aux tarifs',
  },
  payments: {
    planNotFound: 'Plan introuvable',
    priceNotFound: 'Prix introuvable',
    returnUrlRefused: "Cette adresse de retour n'est pas autorisée",
    sessionNotFound: 'Session de paiement introuvable',
    sessionUsed: 'Cette session de paiement a déjà servi à créer un compte',
    inviteInvalid: 'Invitation invalide ou expirée, veuillez reprendre depuis la page de paiement',
    noPaymentCustomer: 'Aucun client de paiement pour ce compte',
    subscriptionNotFound: 'Abonnement introuvable',
    webhookRefused: 'Signature du webhook invalide',
    /** A signed-in checkout while a cancelled subscription still runs: resume it instead. */
    resumeInstead: (date: string) =>
      `Votre abonnement est résilié mais reste actif jusqu'au ${date} : reprenez-le depuis « Mon abonnement ».`,
  },
  sandbox: {
    testNotice: "Environnement de test : aucun paiement réel n'est effectué.",
    checkoutTitle: 'Paiement sécurisé',
    planLabel: 'Abonnement',
    /** The billing line of a summary and the billing cycle's field. */
    billing: 'Facturation',
    amountLabel: 'Montant à payer',
    emailLabel: 'Adresse e-mail',
    cardLabel: 'Numéro de carte',
    cardHint:
      'Cartes de test : 4242 4242 4242 4242 (paiement accepté), 4000 0000 0000 0002 (carte refusée).',
    pay: 'Payer',
    cancel: 'Annuler et revenir au site',
    declined: 'Votre carte a été refusée.',
    invalidCard: 'Votre numéro de carte est invalide.',
    sessionPaid: 'Cette session de paiement est déjà réglée.',
    sessionExpired: 'Cette session de paiement a expiré.',
    portalExpired: 'Ce lien du portail client a expiré. Revenez au site pour en ouvrir un nouveau.',
    statusLabel: 'Statut',
    renewal: (date: string) => `Prochain renouvellement le ${date}`,
    changeLegend: 'Changer de formule',
    planField: 'Formule',
    changeSubmit: "Mettre à jour l'abonnement",
    /** The cancellation's heading and its button. */
    cancelSubscription: "Résilier l'abonnement",
    cancelWarning:
      "La résiliation prend effet à la fin de la période en cours : l'abonnement reste actif jusque-là.",
    resumeLegend: "Reprendre l'abonnement",
    resumeSubmit: 'Reprendre',
    testClockLegend: 'Horloge de test',
    testClockHint:
      "Fait avancer le temps pour ce client seulement, comme l'horloge de test du prestataire.",
    advanceSubmit: 'Avancer à la fin de la période',
    failPaymentSubmit: 'Simuler un échec de paiement',
    updated: 'Votre abonnement a été mis à jour.',
    canceled: 'Votre abonnement sera résilié à la fin de la période.',
    advanced: "L'horloge de test est à la fin de la période.",
    paymentFailed: 'Un échec de paiement a été simulé.',
    cardPaid: 'Votre carte a été mise à jour et la facture en attente est réglée.',
    trialClockIntro:
      "Votre essai gratuit est en cours : l'horloge de test du portail client l'avance jusqu'au rappel ou jusqu'à sa fin, pour ce client seulement.",
    openTrialClock: "Ouvrir l'horloge de test de l'essai",
    trialEnd: "Fin de l'essai",
    trialReminderSubmit: "Avancer au rappel de fin d'essai",
    trialEndSubmit: "Avancer à la fin de l'essai",
    trialReminded: "L'horloge de test est au rappel de fin d'essai.",
    trialEnded: "L'horloge de test est à la fin de l'essai.",
    back: 'Retour au site',
  },
  mailbox: {
    title: 'Boîte mail de test',
    notice:
      "Environnement de test : aucun serveur d'envoi n'est configuré, les mails du portail arrivent ici au lieu de partir.",
    empty: 'Aucun mail pour le moment.',
    listCaption: 'Mails reçus, du plus récent au plus ancien',
    /** The list's column and a mail's line. */
    date: 'Date (UTC)',
    recipientColumn: 'Destinataire',
    subjectColumn: 'Objet',
    fromLabel: 'De',
    toLabel: 'À',
    htmlPart: 'Version HTML',
    htmlFrameTitle: 'Contenu HTML du mail',
    textPart: 'Version texte',
    back: 'Retour à la boîte mail',
    notFound: 'Mail introuvable',
  },
  /** `pnpm admin:create` (docs/operations.md, 'The first admin'). */
  adminCommand: {
    usage: 'Usage : pnpm admin:create --email <email> [--first-name <prénom>] [--last-name <nom>]',
    passwordArgumentRefused:
      "Le mot de passe ne se donne jamais en argument (il resterait dans l'historique du terminal) : la commande le demande.",
    unknownArgument: 'Argument inconnu',
    password: 'Mot de passe : ',
    confirmation: 'Confirmez le mot de passe : ',
    created: 'Compte administrateur créé',
    refused: 'Compte administrateur non créé :',
  },
} as const;

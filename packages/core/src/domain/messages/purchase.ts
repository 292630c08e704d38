/** Buying while signed in, attaching a paid checkout, and finding the onboarding link again. */
export const purchase = {
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
} as const;

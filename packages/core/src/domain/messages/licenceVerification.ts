/**
 * The licence verification's words (docs/product.md, 'Licence verification'): the sentence the
 * theme shows the shop owner when its check is not positive (sent in the answer's `message`),
 * and the refusals of a request that is not one.
 */
export const licenceVerification = {
  /** An unknown shop and a shop without a licence get the same sentence. */
  noLicence:
    "Aucune licence n'est associée à cette boutique : ajoutez-la dans votre espace client pour activer le thème.",
  hostNotPaired: (host: string) =>
    `Le domaine ${host} n'est pas associé à la licence de cette boutique : ajoutez-le dans votre espace client.`,
  setAside:
    'Cette licence a été désactivée par un changement de plan : réactivez-la dans votre espace client (onglet « Mon abonnement »).',
  suspended: 'Cette licence est suspendue : contactez le support pour la réactiver.',
  grace:
    'Le dernier paiement de votre abonnement a échoué : mettez à jour votre moyen de paiement dans votre espace client pour garder le thème actif.',
  /** 400, on the `shop` field. */
  shopInvalid: 'La boutique doit être un domaine .myshopify.com',
  /** 400, on the `host` field. */
  hostInvalid: "L'hôte doit être un nom de domaine",
} as const;

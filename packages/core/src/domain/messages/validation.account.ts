// `messages.validation`, the licence form's texts: the dashboard's first screen (see validation.ts).
export const customDomainRequired = 'Le domaine personnalisé est requis';
export const shopDomainRequired = 'Le domaine Shopify est requis';
export const customDomainInvalid = "Le format du domaine personnalisé n'est pas valide";
export const shopDomainInvalid = "Le format du domaine Shopify n'est pas valide";

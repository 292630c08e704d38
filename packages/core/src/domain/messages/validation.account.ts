// `messages.validation`, the signed-in customer's forms' texts (see validation.ts).
export const customDomainRequired = 'Le domaine personnalisé est requis';
export const shopDomainRequired = 'Le domaine Shopify est requis';
export const customDomainInvalid = "Le format du domaine personnalisé n'est pas valide";
export const shopDomainInvalid = "Le format du domaine Shopify n'est pas valide";
export const domainRequired = 'Le domaine est requis';
/** Under the phone field: the format the phone rule accepts (a national 06... is refused). */
export const phoneHint = 'Format international, par exemple +33 6 12 34 56 78';
export const filenameRequired = 'Le nom du fichier est requis';
export const companyNameTooLong = "Le nom de l'entreprise ne doit pas dépasser 100 caractères";
export const currentPasswordRequired = 'Le mot de passe actuel est requis';

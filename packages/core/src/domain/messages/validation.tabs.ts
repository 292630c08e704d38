// `messages.validation`, the texts of the dashboard's other tabs' forms (profile, password change,
// theme), which come with those tabs rather than with the first screen (see validation.ts).
export const domainRequired = 'Le domaine est requis';
/** Under the phone field: the format the phone rule accepts (a national 06... is refused). */
export const phoneHint = 'Format international, par exemple +33 6 12 34 56 78';
export const filenameRequired = 'Le nom du fichier est requis';
export const companyNameTooLong = "Le nom de l'entreprise ne doit pas dépasser 100 caractères";
export const currentPasswordRequired = 'Le mot de passe actuel est requis';

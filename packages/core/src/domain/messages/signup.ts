export const signup = {
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
} as const;

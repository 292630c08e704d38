/**
 * The landing page's static content (docs/product.md#landing-page), shared by the web pages and the
 * stories.
 */

/** docs/product.md#landing-page: the hero title rotates these words every 3000 ms. */
export const heroWords = ['convertir', 'séduire', 'engager', 'motiver'] as const;
/**
 * The hero title around the rotating word: 'Le thème conçu pour {word} vos visiteurs' reads as
 * French with each of the four infinitives (see docs/decisions.md, 'Visitor pages and app root').
 */
export const heroSentence = { before: 'Le thème conçu pour', after: 'vos visiteurs' } as const;
/** The hero title with `word` in place, as a screen reader or a search engine reads it. */
export const heroTitle = (word: string): string =>
  `${heroSentence.before} ${word} ${heroSentence.after}`;
export const HERO_WORD_INTERVAL_MS = 3000;

/** docs/product.md#landing-page: the three hero statistics and the values they count up to. */
export const heroStatistics = [
  { id: 'rating', target: 4.9, decimals: 1, suffix: '/5', label: 'Note moyenne' },
  { id: 'customers', target: 20, decimals: 0, suffix: 'k+', label: 'Clients satisfaits' },
  { id: 'retention', target: 98, decimals: 0, suffix: ' %', label: 'Taux de rétention' },
] as const;
export type HeroStatisticId = (typeof heroStatistics)[number]['id'];
export const HERO_COUNT_STEPS = 100;
export const HERO_COUNT_STEP_MS = 10;

/** docs/product.md#landing-page: the scrolling banner and the features claim. */
export const landingClaims = {
  banner: ['Aucun frais mensuel', 'Aucun code requis', '120+ fonctionnalités et applications'],
  savings: 'Plus de 400 € économisés chaque mois',
  features: '120+ fonctionnalités',
} as const;

/** docs/product.md#landing-page: the landing navigation anchors. */
export const landingAnchors = ['#features', '#pricing', '#testimonials', '#faq'] as const;

export interface Testimonial {
  quote: string;
  rating: number;
  name: string;
  title: string;
  company: string;
  avatar: string;
}

/**
 * docs/product.md#landing-page: twelve static sample testimonials (initials stand in for avatar
 * images).
 */
export const testimonials: readonly Testimonial[] = [
  {
    quote: 'Ma boutique a enfin l’air professionnelle, et mes ventes ont suivi.',
    rating: 5,
    name: 'Camille Martin',
    title: 'Fondatrice',
    company: 'Maison Lumière',
    avatar: 'CM',
  },
  {
    quote: 'Installé en une après-midi, sans toucher une ligne de code.',
    rating: 5,
    name: 'Julien Bernard',
    title: 'Gérant',
    company: 'Atelier Bois Brut',
    avatar: 'JB',
  },
  {
    quote: 'Les applications incluses m’économisent plusieurs abonnements par mois.',
    rating: 5,
    name: 'Sophie Dubois',
    title: 'E-commerçante',
    company: 'Les Petits Pots',
    avatar: 'SD',
  },
  {
    quote: 'Mon taux de conversion a progressé dès la première semaine.',
    rating: 5,
    name: 'Thomas Laurent',
    title: 'Directeur e-commerce',
    company: 'Sportif Plus',
    avatar: 'TL',
  },
  {
    quote: 'Le support répond vite et connaît vraiment le thème.',
    rating: 4,
    name: 'Léa Moreau',
    title: 'Cofondatrice',
    company: 'Green Mood',
    avatar: 'LM',
  },
  {
    quote: 'Je gère trois boutiques avec la même licence Scale, c’est idéal.',
    rating: 5,
    name: 'Nicolas Petit',
    title: 'Entrepreneur',
    company: 'NP Brands',
    avatar: 'NP',
  },
  {
    quote: 'Rapide sur mobile, ce qui compte le plus pour mes clientes.',
    rating: 5,
    name: 'Emma Roux',
    title: 'Créatrice',
    company: 'Bijoux Emma',
    avatar: 'ER',
  },
  {
    quote: 'Les mises à jour arrivent régulièrement et sans casse.',
    rating: 4,
    name: 'Hugo Fournier',
    title: 'Responsable technique',
    company: 'Cuisine & Co',
    avatar: 'HF',
  },
  {
    quote: 'La to-do list m’a guidé pas à pas pour mon lancement.',
    rating: 5,
    name: 'Chloé Girard',
    title: 'Débutante en e-commerce',
    company: 'Chloé Création',
    avatar: 'CG',
  },
  {
    quote: 'Un thème élégant qui met vraiment les produits en valeur.',
    rating: 5,
    name: 'Antoine Bonnet',
    title: 'Gérant',
    company: 'Cave Bonnet',
    avatar: 'AB',
  },
  {
    quote: 'J’ai remplacé quatre applications payantes par les fonctions du thème.',
    rating: 5,
    name: 'Manon Lambert',
    title: 'Fondatrice',
    company: 'Lin & Coton',
    avatar: 'ML',
  },
  {
    quote: 'Le rapport qualité-prix est imbattable pour une petite marque.',
    rating: 4,
    name: 'Lucas Fontaine',
    title: 'Fondateur',
    company: 'Fontaine Outdoor',
    avatar: 'LF',
  },
];

export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ accordion's questions (one open at a time, in the web layer). */
export const faqItems: readonly FaqItem[] = [
  {
    question: 'Dois-je savoir coder pour utiliser le thème ?',
    answer: 'Non. Tout se règle depuis l’éditeur de votre boutique, sans aucune ligne de code.',
  },
  {
    question: 'Y a-t-il des frais mensuels cachés ?',
    answer: 'Non. Le prix affiché comprend le thème, ses fonctionnalités et ses mises à jour.',
  },
  {
    question: 'Sur combien de boutiques puis-je installer le thème ?',
    answer: 'Basic couvre 1 boutique, Scale 3 boutiques et Business 10 boutiques.',
  },
  {
    question: 'Puis-je changer de formule plus tard ?',
    answer: 'Oui, depuis votre espace client, rubrique Mon abonnement.',
  },
  {
    question: 'Les mises à jour sont-elles incluses ?',
    answer: 'Oui, toutes les mises à jour du thème sont incluses pendant votre abonnement.',
  },
  {
    question: 'Comment obtenir la réduction sur TrendTrack ?',
    answer: 'Votre espace client contient un lien partenaire qui applique 10 % de réduction.',
  },
];

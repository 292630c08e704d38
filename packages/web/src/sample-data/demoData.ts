import { messages, type DisplayedPlan } from '@portal/core';

/**
 * docs/product.md#sample-data: hard-coded demo figures. They exist for Storybook only; no route of
 * the running app shows them and nothing here comes from the backend.
 */
export const demoStatistics = [
  { id: 'shops', label: 'Boutiques actives', value: 1248, unit: 'number', trend: '+12 % ce mois' },
  { id: 'revenue', label: 'Revenu mensuel', value: 48320, unit: 'euros', trend: '+8,4 % ce mois' },
  {
    id: 'subscribers',
    label: 'Nouveaux abonnés',
    value: 87,
    unit: 'number',
    trend: '+23 cette semaine',
  },
  { id: 'churn', label: 'Taux de résiliation', value: 2.1, unit: 'percent', trend: '-0,3 point' },
] as const;

/** Share of subscribers per plan, in percent (sums to 100). */
export const demoPlanDistribution = [
  { plan: 'Basic', share: 42 },
  { plan: 'Scale', share: 38 },
  { plan: 'Business', share: 20 },
] as const;

export const demoAlerts = [
  {
    id: 'a1',
    tone: 'accent',
    level: 'Important',
    text: '3 licences expirent dans les 7 prochains jours.',
  },
  {
    id: 'a2',
    tone: 'primary',
    level: 'Information',
    text: 'La version 2.4 du thème est disponible.',
  },
  {
    id: 'a3',
    tone: 'success',
    level: 'Résolu',
    text: 'Le paiement en attente de Maison Lumière a abouti.',
  },
] as const;

export const demoActivity = [
  {
    id: 'e1',
    at: '2026-11-21T16:42:00.000Z',
    text: 'Atelier Cuir a ajouté la licence atelier-cuir.com.',
  },
  {
    id: 'e2',
    at: '2026-11-21T11:05:00.000Z',
    text: 'Boutique Exemple est passée à la formule Scale.',
  },
  { id: 'e3', at: '2026-11-20T09:30:00.000Z', text: 'The Épicerie a téléchargé le thème.' },
  {
    id: 'e4',
    at: '2026-11-19T18:12:00.000Z',
    text: 'Nouvelle boutique inscrite : Les Jardins de Lou.',
  },
] as const;

export interface DemoShop {
  id: string;
  name: string;
  plan: string;
  revenue: number;
  status: 'Active' | 'En pause';
}

/** Twelve shops: three pages at the showcase's page size of 5, two at the default 10. */
export const demoShops: readonly DemoShop[] = [
  { id: 's1', name: 'Boutique Exemple', plan: 'Scale', revenue: 12450, status: 'Active' },
  { id: 's2', name: 'Atelier Cuir', plan: 'Basic', revenue: 3820, status: 'Active' },
  { id: 's3', name: 'The Épicerie', plan: 'Business', revenue: 28900, status: 'Active' },
  { id: 's4', name: 'Maison Lumière', plan: 'Scale', revenue: 9310, status: 'En pause' },
  { id: 's5', name: 'Les Jardins de Lou', plan: 'Basic', revenue: 1270, status: 'Active' },
  { id: 's6', name: 'Café des Arts', plan: 'Basic', revenue: 2140, status: 'Active' },
  { id: 's7', name: 'Nord Textile', plan: 'Business', revenue: 35600, status: 'Active' },
  { id: 's8', name: 'Papeterie Hugo', plan: 'Scale', revenue: 7480, status: 'Active' },
  { id: 's9', name: 'Bijoux Céleste', plan: 'Scale', revenue: 11020, status: 'En pause' },
  { id: 's10', name: 'Vélo Urbain', plan: 'Basic', revenue: 4590, status: 'Active' },
  { id: 's11', name: 'Fromagerie Alpine', plan: 'Business', revenue: 19870, status: 'Active' },
  { id: 's12', name: 'Studio Céramique', plan: 'Basic', revenue: 2960, status: 'Active' },
];

function demoPlan(
  id: string,
  name: string,
  price: number,
  description: string,
  features: string[],
  popular = false,
): DisplayedPlan {
  return {
    id,
    prod_id: undefined,
    name,
    description,
    price,
    period: messages.pricing.monthPeriod,
    currency: 'EUR',
    popular,
    popularText: messages.pricing.popularText,
    features,
    buttonText: messages.pricing.buttonText,
    note: undefined,
  };
}

/**
 * docs/product.md#sample-data: the default demo pricing plans, 9, 29 and 99 euros a month (sample
 * data only).
 */
export const demoPlans: readonly DisplayedPlan[] = [
  demoPlan('1', 'Starter', 9, 'Pour lancer une première boutique.', [
    '1 boutique',
    'Support par email',
  ]),
  demoPlan(
    '2',
    'Professional',
    29,
    'Pour les boutiques qui grandissent.',
    ['3 boutiques', 'Support prioritaire', 'Statistiques avancées'],
    true,
  ),
  demoPlan('3', 'Enterprise', 99, 'Pour les marques à plusieurs boutiques.', [
    '10 boutiques',
    'Accompagnement dédié',
    'Statistiques avancées',
  ]),
];

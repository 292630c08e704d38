import type { Database } from './database.ts';

export interface BuiltInPlan {
  id: string;
  name: string;
  description: string;
  maxLicenses: number;
  monthlyCents: number;
  yearlyCents: number;
  popular: boolean;
  features: string[];
}

/** Features every plan includes (spec 3). */
const common = [
  'Toutes les fonctionnalités du thème',
  'Mises à jour du thème incluses',
  '10% de réduction sur TrendTrack',
  'Lancement de votre boutique pour 1 € par mois',
  'To-do list pour bien démarrer en e-commerce',
];

/** Spec 3: the three built-in plans, prices in euro cents. */
export const builtInPlans: readonly BuiltInPlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'Pour lancer votre première boutique.',
    maxLicenses: 1,
    monthlyCents: 1999,
    yearlyCents: 20389,
    popular: false,
    features: ['1 boutique', ...common],
  },
  {
    id: 'scale',
    name: 'Scale',
    description: 'Pour développer plusieurs boutiques.',
    maxLicenses: 3,
    monthlyCents: 3999,
    yearlyCents: 40789,
    popular: true,
    features: ['3 boutiques', ...common, 'Top boutique du moment'],
  },
  {
    id: 'business',
    name: 'Business',
    description: 'Pour les marchands qui gèrent un réseau de boutiques.',
    maxLicenses: 10,
    monthlyCents: 7999,
    yearlyCents: 81589,
    popular: false,
    features: ['10 boutiques', ...common, 'Top boutique du moment', 'SAV prioritaire'],
  },
];

/** Inserts the built-in plans and their prices when missing (safe to run at every start). */
export async function seedPlans(db: Database): Promise<void> {
  for (const [index, plan] of builtInPlans.entries()) {
    await db.query(
      `INSERT INTO plans (id, name, description, active, features, max_licenses, duration_months,
         popular, monthly_price_cents, yearly_price_cents, sort_order)
       VALUES ($1, $2, $3, true, $4, $5, 1, $6, $7, $8, $9)
       ON CONFLICT (id) DO NOTHING`,
      [
        plan.id,
        plan.name,
        plan.description,
        JSON.stringify(plan.features),
        plan.maxLicenses,
        plan.popular,
        plan.monthlyCents,
        plan.yearlyCents,
        index,
      ],
    );
    for (const [interval, cycle, cents] of [
      ['month', 'monthly', plan.monthlyCents],
      ['year', 'yearly', plan.yearlyCents],
    ] as const) {
      await db.query(
        `INSERT INTO prices (id, plan_id, interval, unit_amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING`,
        [`price_${plan.id}_${cycle}`, plan.id, interval, cents],
      );
    }
  }
}

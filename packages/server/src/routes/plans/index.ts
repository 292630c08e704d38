import type { components } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import type { RouteOf } from '../../http/typed.ts';

interface PlanRow {
  id: string;
  name: string;
  description: string;
  active: boolean;
  features: string[];
  max_licenses: number;
  duration_months: number;
  popular: boolean;
  popular_text: string | null;
  stripe_product_id: string | null;
  monthly_price_cents: number;
  yearly_price_cents: number;
  cta_text: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

function planJson(row: PlanRow): components['schemas']['Plan'] {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    features: row.features,
    max_licenses: row.max_licenses,
    duration_months: row.duration_months,
    popular: row.popular,
    popularText: row.popular_text,
    stripe_product_id: row.stripe_product_id,
    price: row.monthly_price_cents / 100,
    monthlyPrice: row.monthly_price_cents / 100,
    yearlyPrice: row.yearly_price_cents / 100,
    ctaText: row.cta_text,
    note: row.note,
  };
}

/** The plans on sale (public: the landing page shows them to visitors). */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/client/plans', 'get'>>('/api/client/plans', async () => {
    const rows = await app.db.query<PlanRow>(
      `SELECT id, name, description, active, features, max_licenses, duration_months, popular,
         popular_text, stripe_product_id, monthly_price_cents, yearly_price_cents, cta_text, note,
         created_at, updated_at
       FROM plans WHERE active ORDER BY sort_order, monthly_price_cents`,
    );
    return { plans: rows.map(planJson) };
  });
}

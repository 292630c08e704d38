import type { components } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import type { RouteOf } from '../../http/typed.ts';
import { listActivePlans, type PlanRow } from '../../plans/plans.repo.ts';

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
    const rows = await listActivePlans(app.db);
    return { plans: rows.map(planJson) };
  });
}

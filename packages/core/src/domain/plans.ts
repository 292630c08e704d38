import type { components } from '../api/schema.gen.ts';
import { messages } from './messages.ts';

export type Plan = components['schemas']['Plan'];
export type BillingCycle = components['schemas']['BillingCycle'];

/** What a plan card shows (docs/product.md#data-the-product-handles, displayed plan). */
export interface DisplayedPlan {
  id: string;
  prod_id: string | undefined;
  name: string;
  description: string;
  price: number;
  period: 'mois' | 'an';
  currency: 'EUR';
  popular: boolean;
  popularText: string;
  features: string[];
  buttonText: string;
  note: string | undefined;
}

/** docs/product.md#data-the-product-handles: every built-in plan has these. */
const commonFeatures = [
  'Toutes les fonctionnalités du thème',
  'Mises à jour du thème incluses',
  '10 % de réduction sur TrendTrack',
  'Lancement de votre boutique pour 1 € par mois',
  'To-do list pour démarrer en e-commerce',
] as const;

const topShopFeature = 'Boutique top du moment';
const prioritySupportFeature = 'SAV prioritaire';

function builtInPlan(fields: {
  id: string;
  name: string;
  description: string;
  shops: number;
  monthlyPrice: number;
  yearlyPrice: number;
  popular: boolean;
  extraFeatures: string[];
}): Plan {
  return {
    _id: fields.id,
    id: fields.id,
    name: fields.name,
    description: fields.description,
    active: true,
    features: [
      fields.shops === 1 ? '1 boutique' : `${fields.shops} boutiques`,
      ...commonFeatures,
      ...fields.extraFeatures,
    ],
    max_licenses: fields.shops,
    duration_months: 1,
    popular: fields.popular,
    price: fields.monthlyPrice,
    monthlyPrice: fields.monthlyPrice,
    yearlyPrice: fields.yearlyPrice,
  };
}

/**
 * docs/product.md#data-the-product-handles: the fallback plans the landing page shows until (or
 * unless) the API answers.
 */
export const builtInPlans: readonly Plan[] = [
  builtInPlan({
    id: 'basic',
    name: 'Basic',
    description: 'Pour lancer votre première boutique',
    shops: 1,
    monthlyPrice: 19.99,
    yearlyPrice: 203.89,
    popular: false,
    extraFeatures: [],
  }),
  builtInPlan({
    id: 'scale',
    name: 'Scale',
    description: 'Pour développer plusieurs boutiques',
    shops: 3,
    monthlyPrice: 39.99,
    yearlyPrice: 407.89,
    popular: true,
    extraFeatures: [topShopFeature],
  }),
  builtInPlan({
    id: 'business',
    name: 'Business',
    description: 'Pour les marchands à plusieurs boutiques',
    shops: 10,
    monthlyPrice: 79.99,
    yearlyPrice: 815.89,
    popular: false,
    extraFeatures: [topShopFeature, prioritySupportFeature],
  }),
];

function nonEmpty(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text.trim() === '' ? undefined : text;
}

/** A plan as its card shows it for the chosen billing cycle. */
export function toDisplayedPlan(plan: Plan, billingCycle: BillingCycle): DisplayedPlan {
  const yearly = billingCycle === 'yearly';
  return {
    id: plan.id ?? plan._id,
    prod_id: nonEmpty(plan.stripe_product_id),
    name: plan.name,
    description: plan.description,
    price: yearly ? plan.yearlyPrice : plan.monthlyPrice,
    period: yearly ? messages.pricing.yearPeriod : messages.pricing.monthPeriod,
    currency: 'EUR',
    popular: plan.popular,
    popularText: nonEmpty(plan.popularText) ?? messages.pricing.popularText,
    features: [...plan.features],
    buttonText: nonEmpty(plan.ctaText) ?? messages.pricing.buttonText,
    note: nonEmpty(plan.note),
  };
}

function isPlan(value: unknown): value is Plan {
  if (value === null || typeof value !== 'object') return false;
  const plan = value as Partial<Plan>;
  return (
    (typeof plan._id === 'string' || typeof plan.id === 'string') &&
    typeof plan.name === 'string' &&
    typeof plan.monthlyPrice === 'number' &&
    typeof plan.yearlyPrice === 'number' &&
    Array.isArray(plan.features)
  );
}

/**
 * docs/product.md#data-the-product-handles: the plans answer may be an array, or an object holding
 * it under `plans` or `data`. Inactive and malformed entries are left out; undefined means "nothing
 * usable".
 */
export function normalizePlansAnswer(answer: unknown): Plan[] | undefined {
  const list = Array.isArray(answer)
    ? answer
    : answer !== null && typeof answer === 'object'
      ? ((answer as { plans?: unknown }).plans ?? (answer as { data?: unknown }).data)
      : undefined;
  if (!Array.isArray(list)) return undefined;
  const plans = list
    .filter(isPlan)
    .filter((plan) => plan.active !== false)
    .map((plan) => ({ ...plan, _id: plan._id ?? plan.id ?? '' }));
  return plans.length > 0 ? plans : undefined;
}

/**
 * docs/product.md#payment-success: the plan's name from the return URL's plan id - a built-in plan,
 * then the fixed names of ids 1-3, else 'Plan sélectionné'.
 */
export function paymentPlanName(planId: string | null): string {
  if (planId === null) return messages.paymentSuccess.fallbackPlanName;
  return (
    builtInPlans.find((plan) => plan._id === planId)?.name ??
    messages.paymentSuccess.planNamesById[planId] ??
    messages.paymentSuccess.fallbackPlanName
  );
}

import { describe, expect, test } from 'vitest';
import { builtInPlans, normalizePlansAnswer, toDisplayedPlan, type Plan } from './plans.ts';

const byName = (name: string): Plan => {
  const plan = builtInPlans.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`no plan ${name}`);
  return plan;
};

const common = [
  'Toutes les fonctionnalités du thème',
  'Mises à jour du thème incluses',
  '10 % de réduction sur TrendTrack',
  'Lancement de votre boutique pour 1 € par mois',
  'To-do list pour démarrer en e-commerce',
];

describe('built-in plans (docs/product.md#data-the-product-handles)', () => {
  test('three plans in euro with the documented prices and shop counts', () => {
    expect(
      builtInPlans.map((p) => [p.name, p.max_licenses, p.monthlyPrice, p.yearlyPrice, p.popular]),
    ).toEqual([
      ['Basic', 1, 19.99, 203.89, false],
      ['Scale', 3, 39.99, 407.89, true],
      ['Business', 10, 79.99, 815.89, false],
    ]);
  });

  test('features: common ones everywhere, top shop on Scale and Business, priority support on Business', () => {
    expect(byName('Basic').features).toEqual(['1 boutique', ...common]);
    expect(byName('Scale').features).toEqual(['3 boutiques', ...common, 'Boutique top du moment']);
    expect(byName('Business').features).toEqual([
      '10 boutiques',
      ...common,
      'Boutique top du moment',
      'SAV prioritaire',
    ]);
  });
});

describe('toDisplayedPlan', () => {
  test('monthly: monthly price, period mois, default texts', () => {
    expect(toDisplayedPlan(byName('Scale'), 'monthly')).toEqual({
      id: 'scale',
      prod_id: undefined,
      name: 'Scale',
      description: byName('Scale').description,
      price: 39.99,
      period: 'mois',
      currency: 'EUR',
      popular: true,
      popularText: 'Recommandé',
      features: byName('Scale').features,
      buttonText: 'Choisir ce plan',
      note: undefined,
    });
  });

  test('yearly: yearly price and period an', () => {
    const plan = toDisplayedPlan(byName('Business'), 'yearly');
    expect(plan.price).toBe(815.89);
    expect(plan.period).toBe('an');
  });

  test('the API texts win over the defaults; _id is used without id', () => {
    const { id: _omitted, ...withoutId } = byName('Basic');
    const plan = toDisplayedPlan(
      {
        ...withoutId,
        _id: 'db-1',
        stripe_product_id: 'prod_1',
        popularText: 'Le plus choisi',
        ctaText: 'Je commence',
        note: 'Sans engagement',
      },
      'monthly',
    );
    expect(plan).toMatchObject({
      id: 'db-1',
      prod_id: 'prod_1',
      popularText: 'Le plus choisi',
      buttonText: 'Je commence',
      note: 'Sans engagement',
    });
  });

  test('blank API texts fall back to the defaults', () => {
    const plan = toDisplayedPlan(
      { ...byName('Basic'), popularText: ' ', ctaText: null, note: '' },
      'monthly',
    );
    expect(plan.popularText).toBe('Recommandé');
    expect(plan.buttonText).toBe('Choisir ce plan');
    expect(plan.note).toBeUndefined();
  });
});

describe('normalizePlansAnswer', () => {
  const apiPlan = { ...byName('Scale'), _id: 'p1', id: undefined };

  test('accepts an array, {plans} or {data}', () => {
    expect(normalizePlansAnswer([apiPlan])).toEqual([apiPlan]);
    expect(normalizePlansAnswer({ plans: [apiPlan] })).toEqual([apiPlan]);
    expect(normalizePlansAnswer({ data: [apiPlan] })).toEqual([apiPlan]);
  });

  test('a plan with only id gets it as _id', () => {
    const { _id: _omitted, ...onlyId } = { ...apiPlan, id: 'p2' };
    expect(normalizePlansAnswer([onlyId])?.[0]?._id).toBe('p2');
  });

  test('drops inactive and malformed plans; nothing usable gives undefined', () => {
    expect(normalizePlansAnswer([apiPlan, { ...apiPlan, active: false }, { name: 'x' }])).toEqual([
      apiPlan,
    ]);
    expect(normalizePlansAnswer([])).toBeUndefined();
    expect(normalizePlansAnswer({ plans: 'nope' })).toBeUndefined();
    expect(normalizePlansAnswer(null)).toBeUndefined();
    expect(normalizePlansAnswer('text')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient, type ScriptedAnswer } from '../../auth/testing.ts';
import { messages } from '../../domain/messages.ts';
import { createAdminIndicatorsImplementations } from './admin-indicators.actors.ts';
import { adminIndicatorsMachine, type Indicators } from './admin-indicators.machine.ts';
import { adminIndicatorsCommands, adminIndicatorsView } from './admin-indicators.view.ts';

const movements = (n: number) => ({
  new_cents: 2990 * n,
  expansion_cents: 1000 * n,
  contraction_cents: 500 * n,
  churn_cents: 2990,
  net_cents: 2990 * n + 1000 * n - 500 * n - 2990,
});

const sampleIndicators: Indicators = {
  at: '2026-11-28T12:00:00.000Z',
  subscriptions: {
    total: 3,
    by_plan: [
      { plan_id: 'p1', plan_name: 'Starter', billing_cycle: 'monthly', count: 2, mrr_cents: 5980 },
      { plan_id: 'p2', plan_name: 'Pro', billing_cycle: 'yearly', count: 1, mrr_cents: 4158 },
    ],
  },
  mrr_cents: 10138,
  movements: { last_30_days: movements(1), last_90_days: movements(3) },
  trials: {
    running: 2,
    last_30_days: { started: 4, converted: 1 },
    last_90_days: { started: 9, converted: 3 },
  },
  failed_payments: { past_due_subscriptions: 1, amount_owed_cents: 2990 },
  licenses: {
    used: 5,
    limit: 13,
    by_plan: [
      { plan_id: 'p1', plan_name: 'Starter', used: 2, limit: 6 },
      { plan_id: 'p2', plan_name: 'Pro', used: 3, limit: 7 },
    ],
  },
  mrr_series: [
    { date: '2026-11-27', mrr_cents: 7148 },
    { date: '2026-11-28', mrr_cents: 10138 },
  ],
};

function start(answer: ScriptedAnswer) {
  const { client, requests } = scriptedClient({ 'GET /api/admin/indicators': answer });
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const actor = createActor(
    adminIndicatorsMachine.provide(createAdminIndicatorsImplementations({ client })),
  ).start();
  return { actor, requests, view: () => adminIndicatorsView(actor.getSnapshot()) };
}

describe('adminIndicatorsMachine', () => {
  it('shows every figure in French, money to the cent in euros', async () => {
    const { actor, view } = start({ status: 200, body: sampleIndicators });
    await waitFor(actor, (s) => s.matches('ready'));
    const figures = view().figures!;
    expect(figures.mrr).toBe('101,38\u00a0€');
    expect(figures.activeSubscriptions).toBe('3');
    expect(figures.amountOwed).toBe('29,90\u00a0€');
    expect(figures.licences).toBe('5 / 13');
    expect(figures.byPlan).toEqual([
      { label: 'Starter', cells: ['Mensuel', '2', '59,80\u00a0€'] },
      { label: 'Pro', cells: ['Annuel', '1', '41,58\u00a0€'] },
    ]);
    expect(figures.movements).toEqual([
      { label: 'Nouveaux', cells: ['29,90\u00a0€', '89,70\u00a0€'] },
      { label: 'Expansion', cells: ['10,00\u00a0€', '30,00\u00a0€'] },
      { label: 'Contraction', cells: ['5,00\u00a0€', '15,00\u00a0€'] },
      { label: 'Churn', cells: ['29,90\u00a0€', '29,90\u00a0€'] },
      { label: 'Variation nette', cells: ['5,00\u00a0€', '74,80\u00a0€'] },
    ]);
    expect(figures.trials).toEqual([
      { label: 'Essais commencés', cells: ['4', '9'] },
      { label: 'Essais convertis', cells: ['1', '3'] },
    ]);
    expect(figures.series.y).toEqual([71.48, 101.38]);
    expect(figures.series.x).toEqual([
      Date.UTC(2026, 10, 27) / 1000,
      Date.UTC(2026, 10, 28) / 1000,
    ]);
    expect(figures.series.rows[1]).toEqual({ label: '28 novembre 2026', cells: ['101,38\u00a0€'] });
  });

  it('a failed read says so in French, and reads again on demand', async () => {
    const { actor, requests, view } = start({ status: 500 });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().error).toBe(messages.admin.indicators.loadError);
    adminIndicatorsCommands((event) => actor.send(event)).reload();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(requests).toHaveLength(2);
  });
});

import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, test, vi } from 'vitest';
import type { PortalClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { builtInPlans, type Plan } from '../domain/plans.ts';
import { pricingMachine } from './pricing.machine.ts';
import { createPricingImplementations } from './pricing.actors.ts';
import {
  selectBillingCycle,
  selectDisplayedPlans,
  selectOtherCyclePlans,
  selectIsLoadingPlans,
  selectPreselectedPlanId,
} from './pricing.selectors.ts';
import { planChoiceFromQuery } from './pricing.preselection.ts';
import type { PromiseFake } from '../machine-kit.ts';

const apiPlan: Plan = {
  _id: 'db-starter',
  name: 'Starter',
  description: 'Depuis le serveur',
  active: true,
  features: ['1 boutique'],
  max_licenses: 1,
  popular: false,
  price: 9,
  monthlyPrice: 9,
  yearlyPrice: 90,
};

function start(loadPlans: PromiseFake<typeof pricingMachine, 'loadPlans'>) {
  const notify = vi.fn();
  const actor = createActor(
    pricingMachine.provide({
      actors: { loadPlans: fromPromise(({ input }) => loadPlans(input)) },
      actions: { notify: (_, notification) => notify(notification) },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, notify };
}

describe('pricing machine', () => {
  test('shows the built-in plans monthly while loading', () => {
    const { actor } = start(() => new Promise(() => {}));
    const snapshot = actor.getSnapshot();
    expect(selectIsLoadingPlans(snapshot)).toBe(true);
    expect(selectBillingCycle(snapshot)).toBe('monthly');
    expect(selectDisplayedPlans(snapshot).map((p) => [p.name, p.price, p.period])).toEqual([
      ['Basic', 19.99, 'mois'],
      ['Scale', 39.99, 'mois'],
      ['Business', 79.99, 'mois'],
    ]);
  });

  test('the toggle switches prices and period to yearly and back', () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'pricing.toggleCycle' });
    expect(selectDisplayedPlans(actor.getSnapshot()).map((p) => [p.price, p.period])).toEqual([
      [203.89, 'an'],
      [407.89, 'an'],
      [815.89, 'an'],
    ]);
    const yearly = selectDisplayedPlans(actor.getSnapshot());
    expect(selectDisplayedPlans(actor.getSnapshot())).toBe(yearly);
    actor.send({ type: 'pricing.toggleCycle' });
    expect(selectBillingCycle(actor.getSnapshot())).toBe('monthly');
    expect(selectDisplayedPlans(actor.getSnapshot())).not.toBe(yearly);
    actor.send({ type: 'pricing.setCycle', billingCycle: 'yearly' });
    expect(selectBillingCycle(actor.getSnapshot())).toBe('yearly');
  });

  test('the cycle not chosen has its cards too, the same as when it is chosen', () => {
    const { actor } = start(() => new Promise(() => {}));
    expect(selectOtherCyclePlans(actor.getSnapshot()).map((p) => [p.price, p.period])).toEqual([
      [203.89, 'an'],
      [407.89, 'an'],
      [815.89, 'an'],
    ]);
    const yearly = selectOtherCyclePlans(actor.getSnapshot());
    actor.send({ type: 'pricing.toggleCycle' });
    expect(selectDisplayedPlans(actor.getSnapshot())).toBe(yearly);
    expect(selectOtherCyclePlans(actor.getSnapshot()).map((p) => [p.price, p.period])).toEqual([
      [19.99, 'mois'],
      [39.99, 'mois'],
      [79.99, 'mois'],
    ]);
  });

  test('API plans replace the built-in ones', async () => {
    const { actor, notify } = start(async () => [apiPlan]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectDisplayedPlans(actor.getSnapshot()).map((p) => p.name)).toEqual(['Starter']);
    expect(notify).not.toHaveBeenCalled();
  });

  test('an answer without usable plans keeps the built-in ones', async () => {
    const { actor } = start(async () => undefined);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.plans).toBe(builtInPlans);
  });

  test('a failure keeps the built-in plans and reports it', async () => {
    const { actor, notify } = start(async () => {
      throw new ApiError({ kind: 'network', status: 0 });
    });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.plans).toBe(builtInPlans);
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Impossible de charger les plans pour le moment.',
    });
  });
});

describe('pricing implementations', () => {
  test('loadPlans reads GET /api/client/plans and normalises the answer', async () => {
    const GET = vi.fn().mockResolvedValue({ data: { plans: [apiPlan] } });
    const notify = vi.fn();
    const client = { api: { GET } } as unknown as PortalClient;
    const actor = createActor(
      pricingMachine.provide(createPricingImplementations({ client, notify })),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(GET).toHaveBeenCalledWith('/api/client/plans', expect.objectContaining({}));
    expect(actor.getSnapshot().context.plans).toEqual([apiPlan]);
  });

  test('notify is the injected one', async () => {
    const GET = vi.fn().mockRejectedValue(new ApiError({ kind: 'http', status: 500 }));
    const notify = vi.fn();
    const client = { api: { GET } } as unknown as PortalClient;
    const actor = createActor(
      pricingMachine.provide(createPricingImplementations({ client, notify })),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Impossible de charger les plans pour le moment.',
    });
  });
});

describe('pricing preselected from the address', () => {
  function startWith(search: string, loadPlans: () => Promise<Plan[] | undefined>) {
    return createActor(
      pricingMachine.provide({
        actors: { loadPlans: fromPromise(loadPlans) },
        actions: { notify: () => {} },
      }),
      { clock: new SimulatedClock(), input: planChoiceFromQuery(search) },
    ).start();
  }

  test('starts on the plan and cycle of ?plan=scale&billing=yearly', () => {
    const actor = startWith('?plan=scale&billing=yearly', () => new Promise(() => {}));
    expect(selectBillingCycle(actor.getSnapshot())).toBe('yearly');
    expect(selectPreselectedPlanId(actor.getSnapshot())).toBe('scale');
    expect(selectDisplayedPlans(actor.getSnapshot()).map((p) => p.period)).toEqual([
      'an',
      'an',
      'an',
    ]);
    // The toggle still works from there.
    actor.send({ type: 'pricing.toggleCycle' });
    expect(selectBillingCycle(actor.getSnapshot())).toBe('monthly');
  });

  test('without a choice: monthly, nothing preselected', () => {
    const actor = startWith('', () => new Promise(() => {}));
    expect(selectBillingCycle(actor.getSnapshot())).toBe('monthly');
    expect(selectPreselectedPlanId(actor.getSnapshot())).toBeNull();
  });

  test('an id none of the plans shown has preselects nothing', async () => {
    const actor = startWith('?plan=scale&billing=monthly', async () => [apiPlan]);
    expect(selectPreselectedPlanId(actor.getSnapshot())).toBe('scale');
    await waitFor(actor, (s) => !selectIsLoadingPlans(s));
    // The server's plans replaced the built-in ones: 'scale' is not among them.
    expect(selectPreselectedPlanId(actor.getSnapshot())).toBeNull();
    const fromServer = startWith('?plan=db-starter', async () => [apiPlan]);
    await waitFor(fromServer, (s) => !selectIsLoadingPlans(s));
    expect(selectPreselectedPlanId(fromServer.getSnapshot())).toBe('db-starter');
  });
});

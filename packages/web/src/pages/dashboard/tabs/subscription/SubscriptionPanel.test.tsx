import { describe, expect, test } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import userEvent from '@testing-library/user-event';
import { messages, SUBSCRIPTION_TAB_PATH, type PortalRequest } from '@portal/core';
import {
  renderApp,
  renderPage,
  testOrigin,
  type TestOptions,
} from '../../../../testing/render.tsx';
import { json, refuse } from '../../../../testing/sampleBackend.ts';
import {
  noSubscription,
  sampleCanceledSubscription,
  samplePastDueSubscription,
  sampleTrialEndedSubscription,
  trialSubscription,
} from '../../../../testing/sampleData.ts';
import { plansHref } from '../../tabs.ts';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const currentCall = 'GET /api/client/subscription/current';
const portalCall = 'POST /api/stripe/customer-portal';

function renderSubscription(options: TestOptions = {}) {
  return renderPage(<SubscriptionPanel />, '/dashboard?tab=subscription', {
    signedIn: true,
    ...options,
  });
}

describe('Mon abonnement', () => {
  test('the current plan, the plan grid with the current card marked', async () => {
    renderSubscription();
    expect(screen.getByRole('heading', { level: 2, name: 'Mon abonnement' })).toBeTruthy();
    const summary = await screen.findByRole('heading', { level: 3, name: 'Scale' });
    expect(summary).toBeTruthy();
    expect(screen.getByText(messages.profile.active)).toBeTruthy();
    // The built-in plans are shown until the API answers (the sample backend answers the same).
    const scale = screen.getByRole('article', { name: 'Scale' });
    expect(within(scale).getByRole('button', { name: 'Formule actuelle' })).toHaveProperty(
      'disabled',
      true,
    );
    const basic = screen.getByRole('article', { name: 'Basic' });
    expect(within(basic).getByText('19,99 €')).toBeTruthy();
    // A running paid subscription changes plan in place (a trial or none subscribes: see below).
    expect(
      await within(basic).findByRole('button', { name: messages.subscription.changePlanButton }),
    ).toBeTruthy();
  });

  test('the yearly switch changes the displayed prices', async () => {
    const user = userEvent.setup();
    renderSubscription();
    await user.click(screen.getByRole('switch', { name: 'Facturation annuelle' }));
    expect(
      within(screen.getByRole('article', { name: 'Scale' })).getByText('407,89 €'),
    ).toBeTruthy();
  });

  test("'Gérer mon abonnement' opens the provider's portal with the return address", async () => {
    const user = userEvent.setup();
    const requests: PortalRequest[] = [];
    const { redirected } = renderSubscription({
      answers: {
        [portalCall]: ({ body }) => {
          requests.push(body as PortalRequest);
          return json({ data: { url: `${testOrigin}/sandbox/portal/ps_1` } });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    await screen.findByRole('button', { name: /Redirection/ });
    expect(redirected).toEqual(['http://portal.test/sandbox/portal/ps_1']);
    expect(requests[0]?.returnUrl).toBe(`${window.location.origin}/dashboard?tab=subscription`);
  });

  // docs/product.md#purchase-paths: an account that already paid pays again as a visitor, then
  // attaches that payment by signing in; the account is now billed to the new payment's provider
  // customer, which the session signed in before the attach does not know.
  test("after a payment attached since sign-in, 'Gérer mon abonnement' opens the portal at once", async () => {
    const user = userEvent.setup();
    const { backend, navigated, redirected, location } = renderApp(
      '/payment/success?session_id=cs_sample&plan=scale&billing=yearly',
      { signedIn: true },
    );
    await waitFor(() => expect(navigated).toEqual([SUBSCRIPTION_TAB_PATH]));
    expect(backend.state.user.stripe_customer_id).toBe('cus_sample_checkout');
    act(() => location.navigate(SUBSCRIPTION_TAB_PATH));
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    await waitFor(() =>
      expect(redirected).toEqual([`${testOrigin}/sandbox/portal/cus_sample_checkout`]),
    );
    expect(screen.queryByText(messages.subscription.portalAccessError)).toBeNull();
  });

  test('a portal URL outside the allowed origins is not followed', async () => {
    const user = userEvent.setup();
    const { redirected } = renderSubscription({
      answers: {
        [portalCall]: () => json({ data: { url: 'https://portal.test.evil.example/session' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    expect(await screen.findByText(messages.subscription.portalRedirectError)).toBeTruthy();
    expect(redirected).toEqual([]);
  });

  test('a refused portal shows the access error', async () => {
    const user = userEvent.setup();
    renderSubscription({ answers: { [portalCall]: refuse(404) } });
    await user.click(await screen.findByRole('button', { name: 'Gérer mon abonnement' }));
    expect(await screen.findByText(messages.subscription.portalAccessError)).toBeTruthy();
  });

  test('without a subscription: Inactif, Aucun abonnement and what to do next', async () => {
    renderSubscription({ answers: { [currentCall]: () => json(noSubscription) } });
    expect(await screen.findByText(messages.profile.inactive)).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: messages.profile.noSubscription }),
    ).toBeTruthy();
    expect(screen.getByText(/Choisissez une formule ci-dessous/)).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement des abonnements.'", async () => {
    renderSubscription({ answers: { [currentCall]: refuse(500) } });
    expect(await screen.findByText(messages.subscription.loadError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

const day = 24 * 60 * 60 * 1000;

/** The flows' clock at a fixed time (the trial's days left are read from it). */
function clockAt(iso: string) {
  const clock = new SimulatedClock();
  clock.set(Date.parse(iso));
  return clock;
}

function dialogNamed(name: string) {
  return screen.findByRole('dialog', { name });
}

describe('Mon abonnement: the subscription lifecycle', () => {
  test("a trial: 'Essai gratuit', its days left on the clock, and every card subscribes", async () => {
    const user = userEvent.setup();
    const clock = clockAt('2026-11-22T10:00:00.000Z');
    const { redirected, backend } = renderSubscription({
      clock,
      initial: {
        licences: [],
        subscription: trialSubscription(
          new Date(Date.parse('2026-11-22T10:00:00.000Z') + 7 * day).toISOString(),
        ),
      },
    });
    expect(await screen.findByText('Essai gratuit : 7 jours restants')).toBeTruthy();
    expect(screen.getByText(messages.subscription.statusLabels.trialing)).toBeTruthy();
    expect(screen.getByText('0 licence utilisée sur 1')).toBeTruthy();
    expect(screen.getByText(messages.subscription.trialNotice)).toBeTruthy();
    // No paid subscription: nothing to cancel, no portal.
    expect(screen.queryByRole('button', { name: messages.subscription.cancelButton })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gérer mon abonnement' })).toBeNull();
    for (const name of ['Basic', 'Scale', 'Business'])
      expect(
        within(screen.getByRole('article', { name })).getByRole('button', {
          name: 'Choisir ce plan',
        }),
      ).toBeTruthy();
    // The signed-in checkout (the purchase flow), not a plan change.
    await user.click(
      within(screen.getByRole('article', { name: 'Scale' })).getByRole('button', {
        name: 'Choisir ce plan',
      }),
    );
    await waitFor(() => expect(redirected.length).toBe(1));
    expect(backend.calls).toContain('POST /api/client/subscription/checkout');
    expect(backend.calls).not.toContain('PUT /api/client/subscription/current');
  });

  test('a checkout answer without an address: the default error, the cards free again', async () => {
    const user = userEvent.setup();
    const { redirected, notification } = renderSubscription({
      initial: { subscription: trialSubscription('2099-01-01T10:00:00.000Z') },
      answers: { 'POST /api/client/subscription/checkout': () => json({ data: { id: 'cs_9' } }) },
    });
    const scale = await screen.findByRole('article', { name: 'Scale' });
    await user.click(within(scale).getByRole('button', { name: 'Choisir ce plan' }));
    await waitFor(() =>
      expect(notification()).toEqual({ type: 'error', message: messages.pricing.checkoutError }),
    );
    expect(redirected).toEqual([]);
    expect(screen.queryByText(messages.pricing.preparingPayment)).toBeNull();
    for (const name of ['Basic', 'Scale', 'Business'])
      expect(
        within(screen.getByRole('article', { name })).getByRole('button', {
          name: 'Choisir ce plan',
        }),
      ).toHaveProperty('disabled', false);
  });

  test("the trial's last days: '1 jour restant', then 'dernier jour'", async () => {
    const end = '2026-11-29T10:00:00.000Z';
    renderSubscription({
      clock: clockAt('2026-11-28T09:00:00.000Z'),
      initial: { subscription: trialSubscription(end) },
    });
    expect(await screen.findByText('Essai gratuit : 1 jour restant')).toBeTruthy();
    cleanup();
    renderSubscription({
      clock: clockAt('2026-11-29T08:00:00.000Z'),
      initial: { subscription: trialSubscription(end) },
    });
    expect(await screen.findByText('Essai gratuit : dernier jour')).toBeTruthy();
  });

  test.each([
    [sampleTrialEndedSubscription, 'Essai terminé', messages.subscriptionRules.trialEnded],
    [sampleCanceledSubscription, 'Résilié', messages.subscriptionRules.subscriptionEnded],
  ])('no access: %#, the reason, and the grid subscribes', async (subscription, label, reason) => {
    renderSubscription({ initial: { subscription } });
    expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.subscription.resumeButton })).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Basic' })).getByRole('button', {
        name: 'Choisir ce plan',
      }),
    ).toBeTruthy();
  });

  test("cancel: the confirmation's date, then 'Se termine le …' and 'Reprendre mon abonnement'", async () => {
    const user = userEvent.setup();
    const { backend, notification } = renderSubscription();
    await user.click(
      await screen.findByRole('button', { name: messages.subscription.cancelButton }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Résilier l’abonnement' });
    expect(
      await within(dialog).findByText(
        "Votre abonnement restera actif jusqu'au 22 décembre 2026, puis sera résilié.",
      ),
    ).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: messages.subscription.cancelButton }),
    );
    expect(await screen.findByText('Se termine le 22 décembre 2026')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(notification()?.message).toBe('Votre abonnement sera résilié le 22 décembre 2026.');
    expect(backend.state.subscription.subscription?.cancel_at_period_end).toBe(true);
    expect(screen.getByText(messages.subscription.statusLabels.active)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: messages.subscription.resumeButton }));
    expect(
      await screen.findByRole('button', { name: messages.subscription.cancelButton }),
    ).toBeTruthy();
    expect(screen.queryByText('Se termine le 22 décembre 2026')).toBeNull();
    expect(notification()?.message).toBe('Votre abonnement a repris.');
    expect(backend.state.subscription.subscription?.cancel_at_period_end).toBe(false);
  });

  test('keeping the subscription closes the confirmation without a call', async () => {
    const user = userEvent.setup();
    const { backend } = renderSubscription();
    await user.click(
      await screen.findByRole('button', { name: messages.subscription.cancelButton }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Garder mon abonnement' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.calls).not.toContain('POST /api/client/subscription/cancel');
  });

  test("a refused cancel shows the server's words in the confirmation", async () => {
    const user = userEvent.setup();
    renderSubscription({
      answers: {
        'POST /api/client/subscription/cancel': refuse(
          409,
          messages.subscriptionRules.nothingToCancel,
        ),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: messages.subscription.cancelButton }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(
      await within(dialog).findByRole('button', { name: messages.subscription.cancelButton }),
    );
    expect(
      await within(dialog).findByText(messages.subscriptionRules.nothingToCancel),
    ).toBeTruthy();
  });

  test("past due: the warning and 'Mettre à jour ma carte' opens the provider's portal", async () => {
    const user = userEvent.setup();
    const { redirected } = renderSubscription({
      initial: { subscription: samplePastDueSubscription },
    });
    expect(await screen.findByText(messages.subscription.pastDue)).toBeTruthy();
    expect(screen.getByText('Paiement en échec')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mettre à jour ma carte' }));
    await waitFor(() =>
      expect(redirected).toEqual(['http://portal.test/sandbox/portal/cus_sample']),
    );
  });

  test("a plan change within the limit: the new price, then 'Votre plan a été modifié.'", async () => {
    const user = userEvent.setup();
    const { backend, notification } = renderSubscription();
    const business = screen.getByRole('article', { name: 'Business' });
    await user.click(
      await within(business).findByRole('button', { name: messages.subscription.changePlanButton }),
    );
    const dialog = await dialogNamed('Changer de plan');
    expect(within(dialog).getByText('Nouveau tarif : 79,99 € / mois')).toBeTruthy();
    expect(within(dialog).getByText(messages.subscription.changeApplies)).toBeTruthy();
    const confirm = await within(dialog).findByRole('button', { name: 'Confirmer le changement' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notification()?.message).toBe('Votre plan a été modifié.');
    expect(backend.state.subscription.subscription?.plan_id).toBe('business');
    // Its trigger became 'Formule actuelle' (disabled): the focus goes to the summary.
    await waitFor(() => expect(document.activeElement?.id).toBe('current-plan-title'));
    // The summary names the new plan too (beside its card).
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3, name: 'Business' })).toHaveLength(2),
    );
    expect(
      within(screen.getByRole('article', { name: 'Business' })).getByRole('button', {
        name: 'Formule actuelle',
      }),
    ).toHaveProperty('disabled', true);
  });

  test('a downgrade over the limit: exactly the licences to keep, the others inactive', async () => {
    const user = userEvent.setup();
    const { backend } = renderSubscription();
    await user.click(
      await within(screen.getByRole('article', { name: 'Basic' })).findByRole('button', {
        name: messages.subscription.changePlanButton,
      }),
    );
    const dialog = await dialogNamed('Changer de plan');
    expect(
      await within(dialog).findByText(
        'Le plan Basic permet 1 licence. Choisissez celle à garder active ; les autres seront désactivées, pas supprimées.',
      ),
    ).toBeTruthy();
    const group = within(dialog).getByRole('group', { name: 'Licences à garder actives' });
    // None preselected.
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([false, false]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    expect(await within(dialog).findByText('Choisissez 1 licence à garder.')).toBeTruthy();
    expect(backend.calls).not.toContain('PUT /api/client/subscription/current');

    await user.click(within(group).getByRole('checkbox', { name: /atelier-cuir\.com/ }));
    expect(within(dialog).getByText('1 licence sélectionnée sur 1')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.state.licences.map((licence) => [licence._id, licence.status])).toEqual([
      ['l1', 'inactive'],
      ['l2', 'active'],
    ]);
    expect(backend.state.subscription.subscription?.plan_id).toBe('basic');
  });

  test("a refused change keeps the confirmation, the server's words and the ticks", async () => {
    const user = userEvent.setup();
    const refusal = messages.subscriptionRules.tooManyLicences('Basic', 1, 2);
    renderSubscription({
      answers: { 'PUT /api/client/subscription/current': refuse(409, refusal) },
    });
    await user.click(
      await within(screen.getByRole('article', { name: 'Basic' })).findByRole('button', {
        name: messages.subscription.changePlanButton,
      }),
    );
    const dialog = await dialogNamed('Changer de plan');
    const box = await within(dialog).findByRole('checkbox', { name: /boutique-exemple\.fr/ });
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  test("'Upgrade Plan' leads to the plan grid: its heading takes the focus", async () => {
    renderPage(<SubscriptionPanel />, plansHref, { signedIn: true });
    const heading = await screen.findByRole('heading', { level: 3, name: 'Les formules' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

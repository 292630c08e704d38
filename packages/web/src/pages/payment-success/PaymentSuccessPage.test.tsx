import { describe, expect, test } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise, SimulatedClock } from 'xstate';
import {
  ATTACH_RETRY_DELAY_MS,
  SUBSCRIPTION_TAB_PATH,
  formatCents,
  messages,
  paymentSuccessMachine,
} from '@portal/core';
import { renderPage } from '../../testing/render.tsx';
import { json, refuse, type SampleHandler } from '../../testing/sampleBackend.ts';
import { noSubscription } from '../../testing/sampleData.ts';
import { tabHref } from '../dashboard/tabs.ts';
import PaymentSuccessPage, { PaymentSuccessView } from './PaymentSuccessPage.tsx';
import { PaymentSuccessProvider } from './paymentSuccessFlow.ts';

describe('payment success page', () => {
  test('renders the machine it is handed: plan name (id 1: Starter) and amount', async () => {
    const sessions: string[] = [];
    const logic = paymentSuccessMachine.provide({
      actors: {
        loadCheckoutSession: fromPromise(async ({ input }: { input: { sessionId: string } }) => {
          sessions.push(input.sessionId);
          return { amountTotal: 20389 };
        }),
      },
    });
    renderPage(
      <PaymentSuccessProvider
        logic={logic}
        input={{ sessionId: 'cs_1', planId: '1', billing: null }}
      >
        <PaymentSuccessView />
      </PaymentSuccessProvider>,
      '/payment/success?session_id=cs_1&plan=1',
    );
    await screen.findByText('Montant');
    expect(screen.getByText('Montant').nextElementSibling?.textContent).toBe(formatCents(20389));
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.monthly)).toBeTruthy();
    expect(sessions).toEqual(['cs_1']);
  });

  test('loads the session, then shows plan, billing and the amount in euros', async () => {
    const { backend } = renderPage(
      <PaymentSuccessPage />,
      '/payment/success?session_id=cs_9&plan=2&billing=yearly',
      {
        answers: {
          'GET /api/stripe/checkout-sessions/:id': ({ params }) =>
            json({
              data: {
                id: params.id,
                amount_total: 40789,
                currency: 'eur',
                status: 'complete',
                payment_status: 'paid',
                plan_id: 'scale',
                billingCycle: 'yearly',
              },
            }),
        },
      },
    );
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await screen.findByText('Montant');
    expect(screen.getByText('Montant').nextElementSibling?.textContent).toBe(formatCents(40789));
    expect(formatCents(40789)).toMatch(/^407,89\s€$/);
    expect(screen.getByText('Professional')).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.yearly)).toBeTruthy();
    expect(backend.calls).toEqual(['GET /api/stripe/checkout-sessions/cs_9']);
    expect(
      screen.getByRole('link', { name: 'Accéder au tableau de bord' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'Prochaines étapes' })).toBeTruthy();
  });

  test('monthly billing without a session: Mensuelle, no amount', () => {
    renderPage(<PaymentSuccessPage />, '/payment/success?plan=9&billing=monthly');
    expect(screen.getByText(messages.paymentSuccess.monthly)).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.fallbackPlanName)).toBeTruthy();
    expect(screen.queryByText('Montant')).toBeNull();
  });
});

describe('payment success page, signed in', () => {
  const path = '/payment/success?session_id=cs_sample&plan=scale&billing=yearly';
  const attachCall = 'POST /api/client/subscription/attach';
  const purchaseCalls = (calls: string[]) =>
    calls.filter((call) => !call.startsWith('GET /api/client/profile'));

  test("core's landing place is the dashboard's 'Mon abonnement' tab", () => {
    expect(SUBSCRIPTION_TAB_PATH).toBe(tabHref('subscription'));
  });

  test('attaches the payment to the account, says so and opens Mon abonnement', async () => {
    const sent: unknown[] = [];
    const { backend, navigated, notification } = renderPage(<PaymentSuccessPage />, path, {
      signedIn: true,
      initial: { subscription: noSubscription },
      answers: {
        [attachCall]: ({ body }) => {
          sent.push(body);
          return json({});
        },
      },
    });
    expect(screen.getByRole('heading', { name: 'Paiement réussi' })).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Activation de votre abonnement…' }),
    ).toBeTruthy();
    await waitFor(() => expect(navigated).toEqual(['/dashboard?tab=subscription']));
    expect(notification()).toEqual({ type: 'success', message: 'Votre abonnement est actif.' });
    expect(sent).toEqual([{ session_id: 'cs_sample' }]);
    // No onboarding, and no detail call: the page is left at once.
    expect(purchaseCalls(backend.calls)).toEqual(['POST /api/client/subscription/attach']);
  });

  test("the sample backend's attach makes the paid plan the account's subscription", async () => {
    const { backend, navigated } = renderPage(<PaymentSuccessPage />, path, {
      signedIn: true,
      initial: { subscription: noSubscription },
    });
    await waitFor(() => expect(navigated).toEqual(['/dashboard?tab=subscription']));
    expect(backend.state.subscription.subscription).toMatchObject({
      plan_id: 'scale',
      status: 'active',
    });
  });

  test("'pas encore confirmé' is asked again after the delay, then the tab opens", async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const attach: SampleHandler = () => {
      calls += 1;
      return calls === 1 ? json({ message: messages.purchase.paymentNotConfirmed }, 409) : json({});
    };
    const { navigated } = renderPage(<PaymentSuccessPage />, path, {
      signedIn: true,
      clock,
      answers: { [attachCall]: attach },
    });
    await waitFor(() => expect(calls).toBe(1));
    // Still activating while it waits: no error shown.
    await act(() => Promise.resolve());
    expect(screen.getByRole('progressbar', { name: messages.purchase.activating })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => clock.increment(ATTACH_RETRY_DELAY_MS));
    await waitFor(() => expect(navigated).toEqual(['/dashboard?tab=subscription']));
    expect(calls).toBe(2);
  });

  test("a payment attached elsewhere shows the server's words and 'Réessayer'", async () => {
    const user = userEvent.setup();
    const { backend, navigated } = renderPage(<PaymentSuccessPage />, path, {
      signedIn: true,
      answers: { [attachCall]: refuse(409, messages.purchase.paymentAttachedElsewhere) },
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Ce paiement est déjà rattaché à un autre compte.',
    );
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(purchaseCalls(backend.calls)).toEqual([
        'POST /api/client/subscription/attach',
        'POST /api/client/subscription/attach',
      ]),
    );
    expect(navigated).toEqual([]);
    expect(
      screen.getByRole('link', { name: 'Accéder au tableau de bord' }).getAttribute('href'),
    ).toBe('/dashboard');
  });
});

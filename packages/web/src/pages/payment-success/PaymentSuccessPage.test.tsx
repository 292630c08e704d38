import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { formatCents, messages, paymentSuccessMachine } from '@portal/core';
import { renderPage } from '../../testing/render.tsx';
import { json } from '../../testing/sampleBackend.ts';
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

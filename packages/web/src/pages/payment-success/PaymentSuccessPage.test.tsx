import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { formatCents, messages, paymentSuccessMachine } from '@portal/core';
import { createTestServices, fakeClient, renderPage } from '../../test/services.tsx';
import PaymentSuccessPage from './PaymentSuccessPage.tsx';

describe('payment success page', () => {
  test("renders the machine's plan name (spec id 1: Starter) and amount", async () => {
    const sessions: string[] = [];
    const { services } = createTestServices({
      machines: {
        paymentSuccess: paymentSuccessMachine.provide({
          actors: {
            loadCheckoutSession: fromPromise(
              async ({ input }: { input: { sessionId: string } }) => {
                sessions.push(input.sessionId);
                return { amountTotal: 20389 };
              },
            ),
          },
        }),
      },
    });
    renderPage(<PaymentSuccessPage />, services, '/payment/success?session_id=cs_1&plan=1');
    await screen.findByText('Montant');
    expect(screen.getByText('Montant').nextElementSibling?.textContent).toBe(formatCents(20389));
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.monthly)).toBeTruthy();
    expect(sessions).toEqual(['cs_1']);
  });

  test('loads the session, then shows plan, billing and the amount in euros', async () => {
    const requested: string[] = [];
    const client = fakeClient((request) => {
      requested.push(new URL(request.url).pathname);
      return Response.json({
        data: {
          id: 'cs_9',
          amount_total: 40789,
          currency: 'eur',
          status: 'complete',
          payment_status: 'paid',
          plan_id: 'scale',
          billingCycle: 'yearly',
        },
      });
    });
    const { services } = createTestServices({ client });
    renderPage(
      <PaymentSuccessPage />,
      services,
      '/payment/success?session_id=cs_9&plan=2&billing=yearly',
    );
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await screen.findByText('Montant');
    expect(screen.getByText('Montant').nextElementSibling?.textContent).toBe(formatCents(40789));
    expect(formatCents(40789)).toMatch(/^407,89\s€$/);
    expect(screen.getByText('Professional')).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.yearly)).toBeTruthy();
    expect(requested).toEqual(['/api/stripe/checkout-sessions/cs_9']);
    expect(
      screen.getByRole('link', { name: 'Accéder au tableau de bord' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'Prochaines étapes' })).toBeTruthy();
  });

  test('monthly billing without a session: Mensuelle, no amount', () => {
    const { services } = createTestServices();
    renderPage(<PaymentSuccessPage />, services, '/payment/success?plan=9&billing=monthly');
    expect(screen.getByText(messages.paymentSuccess.monthly)).toBeTruthy();
    expect(screen.getByText(messages.paymentSuccess.fallbackPlanName)).toBeTruthy();
    expect(screen.queryByText('Montant')).toBeNull();
  });
});

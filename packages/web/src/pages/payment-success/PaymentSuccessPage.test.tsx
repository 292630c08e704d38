import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { formatCents, messages } from '@portal/core';
import { createTestServices, fakeClient, renderPage } from '../../test/services.tsx';
import PaymentSuccessPage, { paymentPlanName } from './PaymentSuccessPage.tsx';

describe('payment success page', () => {
  test('plan names by id, else the fallback', () => {
    expect(paymentPlanName('1')).toBe('Starter');
    expect(paymentPlanName('2')).toBe('Professional');
    expect(paymentPlanName('3')).toBe('Enterprise');
    expect(paymentPlanName('scale')).toBe('Scale');
    expect(paymentPlanName('42')).toBe(messages.paymentSuccess.fallbackPlanName);
    expect(paymentPlanName(null)).toBe(messages.paymentSuccess.fallbackPlanName);
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

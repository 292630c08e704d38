import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, renderPage } from '../../testing/render.tsx';
import PaymentCancelPage from './PaymentCancelPage.tsx';

describe('payment cancel page', () => {
  test('says nothing was charged and offers only the way home', () => {
    renderPage(<PaymentCancelPage />, '/payment/cancel?plan=scale&billing=yearly');
    expect(screen.getByRole('heading', { name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText('Aucun montant n’a été débité.', { exact: false })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('a, button')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
  });

  test("/cancel (the checkout's default cancel page) shows the payment cancel page", async () => {
    renderApp('/cancel');
    expect(await screen.findByRole('heading', { name: 'Paiement annulé' })).toBeTruthy();
  });

  test('/success shows the payment success page', async () => {
    renderApp('/success?plan=scale&billing=monthly');
    expect(await screen.findByRole('heading', { name: 'Paiement réussi' })).toBeTruthy();
  });
});

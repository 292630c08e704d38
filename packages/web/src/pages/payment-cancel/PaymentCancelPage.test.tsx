import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { createTestServices, renderPage } from '../../test/services.tsx';
import PaymentCancelPage from './PaymentCancelPage.tsx';

describe('payment cancel page', () => {
  test('says nothing was charged and offers only the way home', () => {
    const { services } = createTestServices();
    renderPage(<PaymentCancelPage />, services, '/payment/cancel?plan=scale&billing=yearly');
    expect(screen.getByRole('heading', { name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText('Aucun montant n’a été débité.', { exact: false })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('a, button')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
  });
});

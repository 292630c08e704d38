import { describe, expect, test } from 'vitest';
import { checkoutSessionRequest } from '../domain/checkout-urls.ts';
import { paymentCancelActions } from './payment-cancel.ts';

describe('payment cancel actions', () => {
  test('retry returns to the pricing section with the cancelled plan and cycle', () => {
    expect(paymentCancelActions('?plan=scale&billing=yearly')).toEqual({
      home: '/',
      retry: '/?plan=scale&billing=yearly#pricing',
      contactSupport: '/contact',
    });
  });

  test('without (or with a broken) query, retry is the bare pricing section', () => {
    expect(paymentCancelActions('').retry).toBe('/#pricing');
    expect(paymentCancelActions('?plan=&billing=weekly').retry).toBe('/#pricing');
    expect(paymentCancelActions('?billing=monthly').retry).toBe('/?billing=monthly#pricing');
  });

  test("reads the query the checkout's cancel address carries", () => {
    const { cancelUrl } = checkoutSessionRequest('https://portal.test', {
      planId: 'business',
      billingCycle: 'monthly',
    });
    const url = new URL(cancelUrl);
    expect(url.pathname).toBe('/payment/cancel');
    expect(paymentCancelActions(url.search).retry).toBe('/?plan=business&billing=monthly#pricing');
  });
});

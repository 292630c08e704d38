import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderApp, renderPage } from '../../testing/render.tsx';
import { json, type SampleHandler } from '../../testing/sampleBackend.ts';
import { noSubscription } from '../../testing/sampleData.ts';
import LandingPage from './LandingPage.tsx';

const accountCheckout = 'POST /api/client/subscription/checkout';

/** The checkout calls among a page's requests (the signed-in page also fetches the customer). */
const checkoutCalls = (calls: string[]) =>
  calls.filter((call) => call.includes('checkout') && call.startsWith('POST'));

describe("'Choisir ce plan' while signed in", () => {
  test("buys for the account: the account's checkout returns to the payment success page", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const answer: SampleHandler = ({ body }) => {
      sent.push(body);
      return json({ data: { id: 'cs_42', url: 'http://portal.test/sandbox/checkout/cs_42' } });
    };
    const { backend, redirected } = renderPage(<LandingPage />, '/', {
      signedIn: true,
      initial: { subscription: noSubscription },
      answers: { [accountCheckout]: answer },
    });
    const scale = screen.getByRole('article', { name: 'Scale' });
    await user.click(within(scale).getByRole('button', { name: messages.pricing.buttonText }));
    await waitFor(() => expect(redirected).toEqual(['http://portal.test/sandbox/checkout/cs_42']));
    expect(sent).toEqual([
      {
        plan_id: 'scale',
        billingCycle: 'monthly',
        successUrl:
          'http://portal.test/payment/success?session_id={CHECKOUT_SESSION_ID}&plan=scale&billing=monthly',
        cancelUrl: 'http://portal.test/payment/cancel?plan=scale&billing=monthly',
      },
    ]);
    // Never the visitor's checkout (which would lead to the onboarding).
    expect(checkoutCalls(backend.calls)).toEqual(['POST /api/client/subscription/checkout']);
  });

  test('a double click makes one request', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { backend, redirected } = renderPage(<LandingPage />, '/', {
      signedIn: true,
      initial: { subscription: noSubscription },
      answers: {
        [accountCheckout]: () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                json({ data: { id: 'cs_1', url: 'http://portal.test/sandbox/checkout/cs_1' } }),
              );
          }),
      },
    });
    const basic = screen.getByRole('article', { name: 'Basic' });
    await user.dblClick(within(basic).getByRole('button', { name: messages.pricing.buttonText }));
    expect(await screen.findByText('Préparation du paiement…')).toBeTruthy();
    release();
    await waitFor(() => expect(redirected).toHaveLength(1));
    expect(checkoutCalls(backend.calls)).toEqual(['POST /api/client/subscription/checkout']);
  });

  test("409 (a paid subscription is active): the server's French message, no redirect", async () => {
    const user = userEvent.setup();
    // The sample customer holds an active Scale subscription: the sample backend refuses.
    const { redirected } = renderApp('/', { signedIn: true });
    const business = await screen.findByRole('article', { name: 'Business' });
    await user.click(within(business).getByRole('button', { name: messages.pricing.buttonText }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() =>
      expect(region.textContent).toContain(
        'Vous avez déjà un abonnement actif : changez de plan depuis « Mon abonnement ».',
      ),
    );
    expect(screen.queryByText('Préparation du paiement…')).toBeNull();
    expect(redirected).toEqual([]);
  });

  test('a visitor still buys through the onboarding', async () => {
    const user = userEvent.setup();
    const { backend } = renderPage(<LandingPage />, '/');
    const basic = screen.getByRole('article', { name: 'Basic' });
    await user.click(within(basic).getByRole('button', { name: messages.pricing.buttonText }));
    await waitFor(() =>
      expect(checkoutCalls(backend.calls)).toEqual(['POST /api/stripe/checkout-sessions']),
    );
  });
});

describe('a checkout answer without an address (docs/product.md#feature-errors)', () => {
  test.each([
    ['a visitor', false, 'POST /api/stripe/checkout-sessions'],
    ['a signed-in customer', true, accountCheckout],
  ])(
    '%s: the default payment error, the overlay gone, the page still there',
    async (_, signedIn, call) => {
      const user = userEvent.setup();
      const { redirected } = renderApp('/', {
        signedIn,
        initial: { subscription: noSubscription },
        answers: { [call]: () => json({ data: { id: 'cs_9' } }) },
      });
      const basic = await screen.findByRole('article', { name: 'Basic' });
      await user.click(within(basic).getByRole('button', { name: messages.pricing.buttonText }));
      const region = screen.getByRole('region', { name: 'Notifications' });
      await waitFor(() => expect(region.textContent).toContain(messages.pricing.checkoutError));
      expect(screen.queryByText('Préparation du paiement…')).toBeNull();
      expect(redirected).toEqual([]);
      // Still the landing page: choosing again is possible.
      expect(
        within(screen.getByRole('article', { name: 'Basic' })).getByRole('button', {
          name: messages.pricing.buttonText,
        }),
      ).toHaveProperty('disabled', false);
    },
  );
});

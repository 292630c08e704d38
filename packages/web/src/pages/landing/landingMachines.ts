import {
  checkoutMachine,
  createCheckoutImplementations,
  createPricingImplementations,
  heroMachine,
  pricingMachine,
} from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

/** The plans and the billing cycle (also the dashboard's 'Mon abonnement' grid). */
export const buildPricing = ({ client, notify }: AppServices) =>
  pricingMachine.provide(createPricingImplementations({ client, notify }));

/** The checkout leaves the app for the provider's hosted page. */
export const buildCheckout = ({ client, notify }: AppServices) =>
  checkoutMachine.provide(
    createCheckoutImplementations({
      client,
      notify,
      redirect: (url) => window.location.assign(url),
    }),
  );

/** The hero needs nothing from the app: timers only. */
export const buildHero = () => heroMachine;

export const paymentSuccess = {
  monthly: 'Mensuelle',
  yearly: 'Annuelle',
  fallbackPlanName: 'Plan sélectionné',
  /**
   * docs/product.md#payment-success: plan names by id on the payment success page, before the
   * fallback.
   */
  planNamesById: { '1': 'Starter', '2': 'Professional', '3': 'Enterprise' } as Readonly<
    Record<string, string>
  >,
} as const;

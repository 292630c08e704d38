import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { formatCents, messages } from '@portal/core';
import { asShown } from '../../sample-data/play.ts';
import { json, pending, refuse } from '../../testing/sampleBackend.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import PaymentSuccessPage from './PaymentSuccessPage.tsx';

/** The checkout session's answer: amount_total in cents. */
const paidSession = {
  'GET /api/stripe/checkout-sessions/:id': () =>
    json({
      data: {
        id: 'cs_test_story',
        amount_total: 40789,
        currency: 'eur',
        status: 'complete',
        payment_status: 'paid',
        plan_id: 'scale',
        billingCycle: 'yearly',
      },
    }),
};

const meta = {
  title: 'Pages/Payment success',
  component: PaymentSuccessPage,
  decorators: [
    withServices({
      path: '/payment/success?session_id=cs_test_story&plan=scale&billing=yearly',
      answers: paidSession,
    }),
  ],
} satisfies Meta<typeof PaymentSuccessPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [
    withServices({
      path: '/payment/success?session_id=cs_test_story&plan=scale&billing=yearly',
      answers: { 'GET /api/stripe/checkout-sessions/:id': pending },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const YearlyWithAmount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.paymentSuccess.yearly)).toBeVisible();
    await expect(canvas.getByText('Scale')).toBeVisible();
    await expect(canvas.getByText(asShown(formatCents(40789)))).toBeVisible();
  },
};

/** Numeric plan ids have fixed names; the amount could not be read. */
export const MonthlyByIdWithoutAmount: Story = {
  decorators: [
    withServices({
      path: '/payment/success?session_id=cs_unknown&plan=2&billing=monthly',
      answers: { 'GET /api/stripe/checkout-sessions/:id': refuse(404) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.paymentSuccess.monthly)).toBeVisible();
    await expect(canvas.getByText('Professional')).toBeVisible();
  },
};

export const UnknownPlan: Story = {
  decorators: [withServices({ path: '/payment/success?plan=42' })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.paymentSuccess.fallbackPlanName),
    ).toBeVisible();
  },
};

const signedInReturn = '/payment/success?session_id=cs_test_story&plan=scale&billing=yearly';

/** A signed-in customer's return: the payment is being attached to the account. */
export const SignedInActivating: Story = {
  decorators: [
    withServices({
      path: signedInReturn,
      signedIn: true,
      answers: { 'POST /api/client/subscription/attach': pending },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: messages.purchase.activating }),
    ).toBeVisible();
  },
};

/** The payment could not be attached: the server's words and 'Réessayer'. */
export const SignedInAttachFailed: Story = {
  decorators: [
    withServices({
      path: signedInReturn,
      signedIn: true,
      answers: {
        'POST /api/client/subscription/attach': refuse(
          409,
          messages.purchase.paymentAttachedElsewhere,
        ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.purchase.paymentAttachedElsewhere)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

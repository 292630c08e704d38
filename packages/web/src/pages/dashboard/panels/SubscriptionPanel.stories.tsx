import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { inMain } from '../../../sample-data/layout.tsx';
import { json, pending, refuse } from '../../../testing/sampleBackend.ts';
import { noSubscription } from '../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../testing/StoryFrame.tsx';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const currentCall = 'GET /api/client/subscription/current';
const portalCall = 'POST /api/stripe/customer-portal';
const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard?tab=subscription', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Subscription',
  component: SubscriptionPanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof SubscriptionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [signedIn({ answers: { [currentCall]: pending } })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

/** Scale, monthly: the current plan is marked in the grid. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.profile.active)).toBeVisible();
    await expect(canvas.getAllByText('Formule actuelle').length).toBeGreaterThan(0);
  },
};

export const YearlyGrid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Facturation annuelle' }));
    await expect(
      (await canvas.findAllByText(`/ ${messages.pricing.yearPeriod}`, { exact: false })).length,
    ).toBe(3);
  },
};

export const NoSubscription: Story = {
  decorators: [signedIn({ answers: { [currentCall]: () => json(noSubscription) } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.inactive)).toBeVisible();
  },
};

export const LoadError: Story = {
  decorators: [signedIn({ answers: { [currentCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.subscription.loadError),
    ).toBeVisible();
  },
};

export const OpeningPortal: Story = {
  decorators: [signedIn({ answers: { [portalCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByText('Redirection…')).toBeVisible();
  },
};

export const PortalError: Story = {
  decorators: [signedIn({ answers: { [portalCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

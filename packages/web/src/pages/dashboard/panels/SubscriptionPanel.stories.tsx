import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApiError, messages } from '@portal/core';
import { noSubscription, withDashboard } from '../../../sample-data/dashboardFakes.tsx';
import { inMain } from '../../../sample-data/layout.tsx';
import { never } from '../../../sample-data/storyServices.tsx';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const meta = {
  title: 'Dashboard/Subscription',
  component: SubscriptionPanel,
  decorators: [inMain(), withDashboard()],
} satisfies Meta<typeof SubscriptionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [withDashboard({ dashboard: { fetchCurrentSubscription: never } })],
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
  decorators: [
    withDashboard({ dashboard: { fetchCurrentSubscription: async () => noSubscription } }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.inactive)).toBeVisible();
  },
};

export const LoadError: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        fetchCurrentSubscription: () =>
          Promise.reject(new ApiError({ kind: 'http', status: 500, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.subscription.loadError),
    ).toBeVisible();
  },
};

export const OpeningPortal: Story = {
  decorators: [withDashboard({ dashboard: { openCustomerPortal: never } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByText('Redirection…')).toBeVisible();
  },
};

export const PortalError: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        openCustomerPortal: () =>
          Promise.reject(new ApiError({ kind: 'http', status: 500, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

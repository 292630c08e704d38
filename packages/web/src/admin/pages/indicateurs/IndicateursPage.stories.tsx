import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messages } from '@portal/core';
import { NotificationBanner } from '../../../app/NotificationBanner.tsx';
import { sampleIndicators } from '../../../testing/adminSamples.ts';
import { json, pending, refuse } from '../../../testing/sampleBackend.ts';
import { withServices, type StoryOptions } from '../../../testing/StoryFrame.tsx';
import IndicateursPage from './IndicateursPage.tsx';

const admin = (options: StoryOptions = {}) =>
  withServices({
    path: '/admin/indicateurs',
    signedIn: true,
    answers: { 'GET /api/admin/indicators': () => json(sampleIndicators) },
    ...options,
  });

const meta = {
  title: 'Back office/Indicateurs',
  component: IndicateursPage,
  decorators: [
    (Story) => (
      <>
        <Story />
        <NotificationBanner />
      </>
    ),
    admin(),
  ],
} satisfies Meta<typeof IndicateursPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/indicators': pending } })],
};

/** The figures, the MRR's chart and the same numbers in tables. */
export const Figures: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByRole('table', {
        name: 'Mouvements du revenu mensuel récurrent',
      }),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/indicators': refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText(messages.admin.indicators.loadError),
    ).toBeVisible();
  },
};

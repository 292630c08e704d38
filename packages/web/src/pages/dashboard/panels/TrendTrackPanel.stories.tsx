import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withDashboard } from '../../../sample-data/dashboardFakes.tsx';
import { inMain } from '../../../sample-data/layout.tsx';
import { TrendTrackPanel, trendTrackAffiliateUrl } from './TrendTrackPanel.tsx';

const meta = {
  title: 'Dashboard/TrendTrack',
  component: TrendTrackPanel,
  decorators: [inMain(), withDashboard()],
} satisfies Meta<typeof TrendTrackPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The affiliate link opens in a new tab. */
export const Offer: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement)
      .getAllByRole('link')
      .find((candidate) => candidate.getAttribute('href') === trendTrackAffiliateUrl);
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

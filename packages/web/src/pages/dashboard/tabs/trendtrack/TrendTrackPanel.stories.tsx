import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { inMain } from '../../../../sample-data/layout.tsx';
import { withServices } from '../../../../testing/StoryFrame.tsx';
import { TrendTrackPanel, trendTrackAffiliateUrl } from './TrendTrackPanel.tsx';

const meta = {
  title: 'Dashboard/TrendTrack',
  component: TrendTrackPanel,
  decorators: [inMain(), withServices({ path: '/dashboard?tab=trendtrack', signedIn: true })],
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

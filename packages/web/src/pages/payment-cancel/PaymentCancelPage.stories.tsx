import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withServices } from '../../testing/StoryFrame.tsx';
import PaymentCancelPage from './PaymentCancelPage.tsx';

const meta = {
  title: 'Pages/Payment cancel',
  component: PaymentCancelPage,
  decorators: [withServices({ path: '/payment/cancel?plan=scale&billing=monthly' })],
} satisfies Meta<typeof PaymentCancelPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only the home button is shown (docs/product.md#payment-cancel). */
export const Cancelled: Story = {
  play: async ({ canvasElement }) => {
    const page = within(within(canvasElement).getByRole('main'));
    await expect(page.getAllByRole('link')).toHaveLength(1);
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
  },
};

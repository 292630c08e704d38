import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { withServices } from '../testing/StoryFrame.tsx';
import { UserMenu } from './UserMenu.tsx';

const meta = {
  title: 'Shell/User menu',
  component: UserMenu,
  parameters: { layout: 'centered', ...isolatedComponent },
  decorators: [withServices({ signedIn: true, path: '/dashboard' })],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Marie Curie: 'MC'. */
export const WithUser: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('MC')).toBeInTheDocument();
  },
};

/** No user: '?'. */
export const WithoutUser: Story = {
  decorators: [withServices({ path: '/dashboard' })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('?')).toBeInTheDocument();
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu utilisateur' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { MenuButton } from './MenuButton.tsx';

const meta = {
  title: 'Design system/MenuButton',
  component: MenuButton,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: {
    label: 'Menu utilisateur',
    children: <span aria-hidden="true">MC</span>,
    items: [
      { id: 'profile', label: 'Profil' },
      { id: 'logout', label: 'Se déconnecter' },
    ],
    onAction: fn(),
  },
} satisfies Meta<typeof MenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu utilisateur' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  },
};

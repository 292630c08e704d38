import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { NotificationBanner } from '../app/NotificationBanner.tsx';
import DashboardPage from '../pages/dashboard/DashboardPage.tsx';
import { withServices } from '../testing/StoryFrame.tsx';
import { Shell } from './Shell.tsx';

/** The shell around the dashboard, as the root view shows it to a signed-in customer. */
const meta = {
  title: 'Shell/Application shell',
  component: Shell,
  decorators: [withServices({ path: '/dashboard', signedIn: true })],
  args: { children: null },
  render: () => (
    <>
      <Shell>
        <DashboardPage />
      </Shell>
      <NotificationBanner />
    </>
  ),
} satisfies Meta<typeof Shell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AroundTheDashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  },
};

/** The four placeholder entries only warn. */
export const PlaceholderEntry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Utilisateurs' }));
    await expect(await canvas.findByText(messages.shell.inDevelopment)).toBeVisible();
  },
};

export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Navigation principale' });
    const expanded = toggle.getAttribute('aria-expanded');
    await userEvent.click(toggle);
    await expect(toggle).not.toHaveAttribute('aria-expanded', expanded ?? '');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withDashboard } from '../../sample-data/dashboardFakes.tsx';
import { tabHref } from './tabs.ts';
import DashboardPage from './DashboardPage.tsx';

const meta = {
  title: 'Dashboard/Page',
  component: DashboardPage,
  decorators: [withDashboard()],
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const panelTitle = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { level: 2, name });

/** The default tab: licences. */
export const Licences: Story = {
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Gestion des licences')).toBeVisible();
  },
};

export const Themes: Story = {
  decorators: [withDashboard({ path: tabHref('themes') })],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Thèmes disponibles')).toBeVisible();
  },
};

export const TrendTrack: Story = {
  decorators: [withDashboard({ path: tabHref('trendtrack') })],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'TrendTrack')).toBeVisible();
  },
};

export const Profile: Story = {
  decorators: [withDashboard({ path: tabHref('profil') })],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Mon profil')).toBeVisible();
  },
};

export const Subscription: Story = {
  decorators: [withDashboard({ path: tabHref('subscription') })],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Mon abonnement')).toBeVisible();
  },
};

/** The sidebar's user menu: 'Profil' and 'Se déconnecter'. */
export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu utilisateur' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(body.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  },
};

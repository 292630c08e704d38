import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { NotificationBanner } from '../../app/NotificationBanner.tsx';
import { Shell } from '../../shell/Shell.tsx';
import { withServices } from '../../testing/StoryFrame.tsx';
import { tabHref, type DashboardTab } from './tabs.ts';
import DashboardPage from './DashboardPage.tsx';

const at = (tab: DashboardTab) => withServices({ path: tabHref(tab), signedIn: true });

/** The dashboard in its frame, as a signed-in customer sees it: the tabs are in the shell's sidebar. */
const meta = {
  title: 'Dashboard/Page',
  component: DashboardPage,
  decorators: [withServices({ path: '/dashboard', signedIn: true })],
  render: () => (
    <>
      <Shell>
        <DashboardPage />
      </Shell>
      <NotificationBanner />
    </>
  ),
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
  decorators: [at('themes')],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Thèmes disponibles')).toBeVisible();
  },
};

export const TrendTrack: Story = {
  decorators: [at('trendtrack')],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'TrendTrack')).toBeVisible();
  },
};

export const Profile: Story = {
  decorators: [at('profil')],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Mon profil')).toBeVisible();
  },
};

export const Subscription: Story = {
  decorators: [at('subscription')],
  play: async ({ canvasElement }) => {
    await expect(await panelTitle(canvasElement, 'Mon abonnement')).toBeVisible();
  },
};

/** The sidebar's user menu: 'Profil' and 'Se déconnecter'. */
export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Menu utilisateur' }),
    );
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(body.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  },
};

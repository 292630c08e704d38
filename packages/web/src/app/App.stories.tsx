import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withServices } from '../testing/StoryFrame.tsx';
import { App } from './App.tsx';

/** The root view: routes, guards, the shell for a signed-in customer, the notification area. */
const meta = {
  title: 'App/Root view',
  component: App,
  decorators: [withServices({ path: '/' })],
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The landing page is never wrapped in the shell. */
export const VisitorOnTheLandingPage: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole(
        'heading',
        { level: 1, name: /Le thème conçu pour/ },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  },
};

/** A route that needs an account sends a visitor to the login page. */
export const VisitorSentToLogin: Story = {
  decorators: [withServices({ path: '/dashboard' })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole(
        'heading',
        { level: 1, name: 'Connexion' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  },
};

/** Signed in: the shell around the dashboard. */
export const CustomerOnTheDashboard: Story = {
  decorators: [withServices({ path: '/dashboard', signedIn: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 2, name: 'Gestion des licences' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  },
};

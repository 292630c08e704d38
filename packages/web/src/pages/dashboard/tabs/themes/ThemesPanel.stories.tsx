import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { inMain } from '../../../../sample-data/layout.tsx';
import { pending, refuse } from '../../../../testing/sampleBackend.ts';
import { sampleTrialEndedSubscription } from '../../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../../testing/StoryFrame.tsx';
import { ThemesPanel } from './ThemesPanel.tsx';

const downloadCall = 'GET /api/client/download-zip/:filename';
const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard?tab=themes', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Themes',
  component: ThemesPanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof ThemesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

async function download(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'Télécharger le thème' }));
  return canvas;
}

export const Ready: Story = {};

export const Downloading: Story = {
  decorators: [signedIn({ answers: { [downloadCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByText('Téléchargement en cours…')).toBeVisible();
  },
};

/** The popup message after a download, with its close button. */
export const Downloaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Le téléchargement');
    await expect(canvas.getByRole('button', { name: 'Fermer' })).toBeVisible();
  },
};

export const DownloadFailed: Story = {
  decorators: [signedIn({ answers: { [downloadCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByText(messages.theme.downloadError)).toBeVisible();
  },
};

/** Refused without a subscription giving access (403): the server's reason. */
export const DownloadRefused: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialEndedSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByText(messages.subscriptionRules.trialEnded)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choisir un plan' })).toBeVisible();
  },
};

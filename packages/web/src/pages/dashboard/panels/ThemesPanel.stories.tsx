import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApiError, messages } from '@portal/core';
import { withDashboard } from '../../../sample-data/dashboardFakes.tsx';
import { inMain } from '../../../sample-data/layout.tsx';
import { never } from '../../../sample-data/storyServices.tsx';
import { ThemesPanel } from './ThemesPanel.tsx';

const meta = {
  title: 'Dashboard/Themes',
  component: ThemesPanel,
  decorators: [inMain(), withDashboard()],
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
  decorators: [withDashboard({ dashboard: { downloadTheme: never } })],
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
  decorators: [
    withDashboard({
      dashboard: {
        downloadTheme: () => Promise.reject(new ApiError({ kind: 'http', status: 500, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByText(messages.theme.downloadError)).toBeVisible();
  },
};

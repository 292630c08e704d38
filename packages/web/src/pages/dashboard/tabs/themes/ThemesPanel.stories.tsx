import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { inMain } from '../../../../sample-data/layout.tsx';
import { json, pending, refuse } from '../../../../testing/sampleBackend.ts';
import {
  sampleCanceledSubscription,
  sampleLicences,
  sampleThemeWithReleases,
  sampleTrialEndedSubscription,
} from '../../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../../testing/StoryFrame.tsx';
import { ThemesPanel } from './ThemesPanel.tsx';

const downloadCall = 'GET /api/client/download-zip/:filename';
const uploadCall = 'POST /api/client/themes/update';
const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard?tab=themes', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Themes',
  component: ThemesPanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof ThemesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

async function download(canvasElement: HTMLElement, version = '2.1.0') {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: `Télécharger la version ${version}` }),
  );
  return canvas;
}

async function uploadExport(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const input = await canvas.findByLabelText(messages.themeTab.update.chooseFile);
  await userEvent.upload(
    input,
    new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'mon-theme.zip', {
      type: 'application/zip',
    }),
  );
  return canvas;
}

export const Loading: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/themes': pending } })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: messages.themeTab.currentVersion('2.1.0') }),
    ).toBeVisible();
  },
};

/** A shop whose theme reports 2.0.0: 'Mise à jour disponible' with the link to the notes. */
export const UpdateAvailable: Story = {
  decorators: [
    signedIn({
      initial: { licences: [{ ...sampleLicences[0]!, last_seen_version: '2.0.0' }] },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(messages.themeReleases.updateAvailable('2.1.0')),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/themes': refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.themeTab.loadError)).toBeVisible();
  },
};

export const Downloading: Story = {
  decorators: [signedIn({ answers: { [downloadCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement);
    await expect(await canvas.findByText('Téléchargement en cours…')).toBeVisible();
  },
};

/** An earlier version's download, its popup beside it. */
export const DownloadedEarlier: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await download(canvasElement, '2.0.0');
    await expect(await canvas.findByText(/theme-boutique-2\.0\.0\.zip a commencé/)).toBeVisible();
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

/** An ended subscription: the release published after its end is not offered. */
export const ReleaseNotCovered: Story = {
  decorators: [
    signedIn({
      initial: { subscription: sampleCanceledSubscription },
      answers: {
        'GET /api/client/themes': () =>
          json({
            themes: [
              {
                ...sampleThemeWithReleases,
                releases: sampleThemeWithReleases.releases.map((release, index) => ({
                  ...release,
                  downloadable: index > 0,
                })),
              },
            ],
          }),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.themeReleases.releaseNotCovered('2.1.0')),
    ).toBeVisible();
  },
};

export const Uploading: Story = {
  decorators: [signedIn({ answers: { [uploadCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = await uploadExport(canvasElement);
    await expect(
      await canvas.findByText(messages.themeTab.update.uploading('mon-theme.zip')),
    ).toBeVisible();
  },
};

/** The report: a removed setting, a file changed on both sides with its diff, the steps. */
export const Merged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await uploadExport(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: messages.themeReleases.update.conflicts }),
    ).toBeVisible();
  },
};

export const UploadRefused: Story = {
  decorators: [
    signedIn({
      answers: { [uploadCall]: refuse(400, messages.themeReleases.upload.unsafePath('../x')) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await uploadExport(canvasElement);
    await expect(
      await canvas.findByText(messages.themeReleases.upload.unsafePath('../x')),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { NotificationBanner } from '../../../app/NotificationBanner.tsx';
import { sampleAdminReleases } from '../../../testing/adminSamples.ts';
import { json, pending, refuse, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import { withServices, type StoryOptions } from '../../../testing/StoryFrame.tsx';
import VersionsPage from './VersionsPage.tsx';

const listed: SampleAnswers = {
  'GET /api/admin/themes/releases': () => json({ releases: sampleAdminReleases }),
};
const admin = (options: StoryOptions = {}) =>
  withServices({ path: '/admin/versions', signedIn: true, answers: listed, ...options });

const meta = {
  title: 'Back office/Versions',
  component: VersionsPage,
  decorators: [
    (Story) => (
      <>
        <Story />
        <NotificationBanner />
      </>
    ),
    admin(),
  ],
} satisfies Meta<typeof VersionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/themes/releases': pending } })],
};

export const Listed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('table')).toBeVisible();
  },
};

export const NoRelease: Story = {
  decorators: [
    admin({ answers: { 'GET /api/admin/themes/releases': () => json({ releases: [] }) } }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(messages.admin.releases.none)).toBeVisible();
  },
};

export const LoadFailed: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/themes/releases': refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText(messages.admin.releases.loadError),
    ).toBeVisible();
  },
};

/** Published without anything filled in: each field says what it needs. */
export const IncompleteForm: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table');
    await userEvent.click(body.getByRole('button', { name: messages.admin.releases.publish }));
    await expect(body.getByText(messages.admin.releases.versionRequired)).toBeVisible();
  },
};

/** Theme Check refused the archive: its findings in French, every field kept. */
export const ThemeCheckRefusal: Story = {
  decorators: [
    admin({
      answers: {
        ...listed,
        'POST /api/admin/themes/releases': () =>
          json(
            { message: messages.themeReleases.publish.themeCheck(2, 'sections/header.liquid') },
            400,
          ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table');
    await userEvent.upload(
      body.getByLabelText('Archive du thème (.zip)'),
      new File(['PK'], 'theme-portal-1.4.0.zip', { type: 'application/zip' }),
    );
    await userEvent.type(body.getByRole('textbox', { name: 'Version' }), '1.4.0');
    await userEvent.type(body.getByRole('textbox', { name: /Notes de version/ }), 'Nouveau bloc');
    await userEvent.click(body.getByRole('button', { name: messages.admin.releases.publish }));
    await expect(await body.findByText(/Theme Check a trouvé 2 erreurs/)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { NotificationBanner } from '../../../app/NotificationBanner.tsx';
import { adminLicenceAnswers, suspendBehindTheBack } from '../../../testing/adminSamples.ts';
import { json, pending, refuse } from '../../../testing/sampleBackend.ts';
import { withServices, type StoryOptions } from '../../../testing/StoryFrame.tsx';
import LicencesPage from './LicencesPage.tsx';

// The page is its own main landmark (AdminPage); the frame's notification area sits beside it.
const admin = (options: StoryOptions = {}) =>
  withServices({
    path: '/admin/licences',
    signedIn: true,
    answers: adminLicenceAnswers(),
    ...options,
  });

const meta = {
  title: 'Back office/Licences',
  component: LicencesPage,
  decorators: [
    (Story) => (
      <>
        <Story />
        <NotificationBanner />
      </>
    ),
    admin(),
  ],
} satisfies Meta<typeof LicencesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/licenses': pending } })],
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const Listed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('table')).toBeVisible();
  },
};

export const NoResult: Story = {
  decorators: [
    admin({
      answers: {
        'GET /api/admin/licenses': () =>
          json({ licenses: [], total: 0, page: 1, per_page: 25, latest_version: '1.3.0' }),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText(messages.admin.licences.noResult),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  decorators: [admin({ answers: { 'GET /api/admin/licenses': refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText(messages.admin.licences.loadError),
    ).toBeVisible();
  },
};

/** A suspended licence looked up: its reason, and 'Réactiver'. */
export const SuspendedLicence: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Voir atelier-paul.fr' }));
    await expect(await body.findByRole('button', { name: 'Réactiver' })).toBeVisible();
  },
};

/** The suspension's dialog, sent without a reason. */
export const SuspendWithoutReason: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Voir boutique-marie.fr' }));
    await userEvent.click(await body.findByRole('button', { name: 'Suspendre' }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Suspendre' }));
    await expect(
      await within(dialog).findByText(messages.admin.licences.reasonRequired),
    ).toBeVisible();
  },
};

/** Another admin suspended it first: the 409 in French, the reason kept. */
export const AnotherAdminFirst: Story = {
  decorators: [
    admin({
      answers: (() => {
        const answers = adminLicenceAnswers();
        suspendBehindTheBack(answers, 'lic-1');
        return answers;
      })(),
    }),
  ],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Voir boutique-marie.fr' }));
    await userEvent.click(await body.findByRole('button', { name: 'Suspendre' }));
    const dialog = await body.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Raison' }), 'Impayé');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    await expect(
      await within(dialog).findByText(new RegExp(messages.admin.licences.reloaded)),
    ).toBeVisible();
  },
};

export const CreateDialog: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table');
    await userEvent.click(body.getByRole('button', { name: 'Créer une licence' }));
    await expect(await body.findByRole('dialog', { name: 'Créer une licence' })).toBeVisible();
  },
};

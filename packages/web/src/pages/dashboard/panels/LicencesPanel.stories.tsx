import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApiError, messages, type LicencesOverview } from '@portal/core';
import { storyLicences, withDashboard } from '../../../sample-data/dashboardFakes.tsx';
import { inMain } from '../../../sample-data/layout.tsx';
import { never } from '../../../sample-data/storyServices.tsx';
import { LicencesPanel } from './LicencesPanel.tsx';

function overview(used: number, limit: number): () => Promise<LicencesOverview> {
  return async () => ({
    licences: storyLicences.slice(0, Math.min(used, storyLicences.length)),
    usage: {
      licensesUsed: used,
      licensesLimit: limit,
      licensesRemaining: Math.max(limit - used, 0),
    },
  });
}

const meta = {
  title: 'Dashboard/Licences',
  component: LicencesPanel,
  decorators: [inMain(), withDashboard()],
} satisfies Meta<typeof LicencesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: never } })],
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const Empty: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: overview(0, 3) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Vous n’avez encore aucune licence.'),
    ).toBeVisible();
  },
};

/** Two of ten used: 'Disponible', the remaining count not highlighted. */
export const Filled: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: overview(2, 10) } })],
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(messages.licences.available)).toBeVisible();
  },
};

/** Two of three used: one left, highlighted (remaining <= 2). */
export const NearTheLimit: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: overview(2, 3) } })],
};

/** Three of three: 'Limite atteinte', the warning, and the add button unavailable. */
export const AtTheLimit: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: overview(3, 3) } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByText(messages.licences.limitReached)).toBeVisible();
    await expect(body.getByText(messages.licences.limitWarning(3))).toBeVisible();
    await expect(body.getByRole('button', { name: 'Ajouter une licence' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A limit of 999 means unlimited. */
export const Unlimited: Story = {
  decorators: [withDashboard({ dashboard: { fetchLicences: overview(3, 999) } })],
  play: async ({ canvasElement }) => {
    await expect(
      (await page(canvasElement).findAllByText(messages.licences.unlimited)).length,
    ).toBeGreaterThan(0);
  },
};

export const LoadError: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        fetchLicences: () => Promise.reject(new ApiError({ kind: 'http', status: 500, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(messages.licences.loadError)).toBeVisible();
  },
};

/** The create modal (no _id). */
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Ajouter une licence' }));
    await expect(await body.findByRole('dialog', { name: 'Ajouter une licence' })).toBeVisible();
  },
};

export const CreateModalWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Ajouter une licence' }));
    await userEvent.click(await body.findByRole('button', { name: 'Enregistrer' }));
    await expect(await body.findByText(messages.validation.customDomainRequired)).toBeVisible();
    await expect(body.getByText(messages.validation.shopDomainRequired)).toBeVisible();
  },
};

/** The server refused: a licence for this domain exists already. */
export const CreateModalConflict: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        createLicence: () => Promise.reject(new ApiError({ kind: 'http', status: 409, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Ajouter une licence' }));
    await userEvent.type(await body.findByLabelText('Domaine personnalisé'), 'boutique.fr');
    await userEvent.type(body.getByLabelText('Domaine Shopify'), 'boutique');
    await userEvent.click(body.getByRole('button', { name: 'Enregistrer' }));
    await expect(await body.findByText(messages.licences.conflict)).toBeVisible();
  },
};

export const Saving: Story = {
  decorators: [withDashboard({ dashboard: { createLicence: never } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Ajouter une licence' }));
    await userEvent.type(await body.findByLabelText('Domaine personnalisé'), 'boutique.fr');
    await userEvent.type(body.getByLabelText('Domaine Shopify'), 'boutique');
    await userEvent.click(body.getByRole('button', { name: 'Enregistrer' }));
    await expect(await body.findByText('Enregistrement…')).toBeVisible();
  },
};

/** The edit modal, filled with the licence's domains. */
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const first = storyLicences[0]?.custom_domain ?? '';
    await userEvent.click(await body.findByRole('button', { name: `Modifier ${first}` }));
    await expect(await body.findByRole('dialog', { name: 'Modifier la licence' })).toBeVisible();
    await expect(body.getByLabelText('Domaine personnalisé')).toHaveValue(first);
  },
};

export const DeleteModal: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const first = storyLicences[0]?.custom_domain ?? '';
    await userEvent.click(await body.findByRole('button', { name: `Supprimer ${first}` }));
    await expect(
      await body.findByRole('alertdialog', { name: 'Supprimer la licence' }),
    ).toBeVisible();
  },
};

export const Deleting: Story = {
  decorators: [withDashboard({ dashboard: { deleteLicence: never } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const first = storyLicences[0]?.custom_domain ?? '';
    await userEvent.click(await body.findByRole('button', { name: `Supprimer ${first}` }));
    const dialog = within(await body.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer' }));
    await expect(await dialog.findByText('Suppression…')).toBeVisible();
  },
};

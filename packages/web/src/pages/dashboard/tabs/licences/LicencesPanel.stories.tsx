import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages, type CurrentSubscription, type Licence } from '@portal/core';
import { inMain } from '../../../../sample-data/layout.tsx';
import { json, pending, refuse, type SampleAnswers } from '../../../../testing/sampleBackend.ts';
import {
  sampleCanceledSubscription,
  sampleExpiredLicence,
  sampleInactiveLicence,
  sampleLicences,
  sampleSubscription,
  sampleTrialEndedSubscription,
  subscriptionWith,
} from '../../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../../testing/StoryFrame.tsx';
import { LicencesPanel } from './LicencesPanel.tsx';

const storyLicences = [...sampleLicences, sampleExpiredLicence];

/** `used` licences of `limit`, as the backend answers the list and the usage. */
function overview(used: number, limit: number): SampleAnswers {
  return {
    'GET /api/client/licenses': () =>
      json({ licenses: storyLicences.slice(0, Math.min(used, storyLicences.length)) }),
    'GET /api/client/subscription/current': () =>
      json({
        ...sampleSubscription,
        usage: {
          licensesUsed: used,
          licensesLimit: limit,
          licensesRemaining: Math.max(limit - used, 0),
        },
      }),
  };
}

const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Licences',
  component: LicencesPanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof LicencesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/licenses': pending } })],
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const Empty: Story = {
  decorators: [signedIn({ answers: overview(0, 3) })],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Vous n’avez encore aucune licence.'),
    ).toBeVisible();
  },
};

/** Two of ten used: 'Disponible', the remaining count not highlighted. */
export const Filled: Story = {
  decorators: [signedIn({ answers: overview(2, 10) })],
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(messages.licences.available)).toBeVisible();
  },
};

/** Two of three used: one left, highlighted (remaining <= 2). */
export const NearTheLimit: Story = {
  decorators: [signedIn({ answers: overview(2, 3) })],
};

/** Three of three: 'Limite atteinte', the warning, and the add button unavailable. */
export const AtTheLimit: Story = {
  decorators: [signedIn({ answers: overview(3, 3) })],
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
  decorators: [signedIn({ answers: overview(3, 999) })],
  play: async ({ canvasElement }) => {
    await expect(
      (await page(canvasElement).findAllByText(messages.licences.unlimited)).length,
    ).toBeGreaterThan(0);
  },
};

export const LoadError: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/licenses': refuse(500) } })],
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

async function fillCreateModal(canvasElement: HTMLElement) {
  const body = page(canvasElement);
  await userEvent.click(await body.findByRole('button', { name: 'Ajouter une licence' }));
  await userEvent.type(await body.findByLabelText('Domaine personnalisé'), 'boutique.fr');
  await userEvent.type(body.getByLabelText('Domaine Shopify'), 'boutique');
  await userEvent.click(body.getByRole('button', { name: 'Enregistrer' }));
  return body;
}

/** The server refused: a licence for this domain exists already. */
export const CreateModalConflict: Story = {
  decorators: [signedIn({ answers: { 'POST /api/client/licenses': refuse(409) } })],
  play: async ({ canvasElement }) => {
    const body = await fillCreateModal(canvasElement);
    await expect(await body.findByText(messages.licences.conflict)).toBeVisible();
  },
};

export const Saving: Story = {
  decorators: [signedIn({ answers: { 'POST /api/client/licenses': pending } })],
  play: async ({ canvasElement }) => {
    const body = await fillCreateModal(canvasElement);
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
  decorators: [signedIn({ answers: { 'DELETE /api/client/licenses/:id': pending } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const first = storyLicences[0]?.custom_domain ?? '';
    await userEvent.click(await body.findByRole('button', { name: `Supprimer ${first}` }));
    const dialog = within(await body.findByRole('alertdialog'));
    await userEvent.click(await dialog.findByRole('button', { name: 'Supprimer' }));
    await expect(await dialog.findByText('Suppression…')).toBeVisible();
  },
};

/** The trial ended: no limit of 0 but why, the way to the plans, the licences inactive. */
export const TrialEnded: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialEndedSubscription } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByText(messages.subscription.noActiveSubscription)).toBeVisible();
    await expect(body.getByRole('link', { name: 'Choisir un plan' })).toBeVisible();
    await expect(body.getAllByText(messages.licences.statusInactive)).toHaveLength(2);
  },
};

/** Cancelled, no licence: the empty state says why and links to 'Mon abonnement'. */
export const EmptyWithoutSubscription: Story = {
  decorators: [signedIn({ initial: { subscription: sampleCanceledSubscription, licences: [] } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByRole('link', { name: 'Mon abonnement' })).toBeVisible();
  },
};

/** A licence left out by a plan change: 'Inactive', kept. */
export const WithInactiveLicence: Story = {
  decorators: [signedIn({ initial: { licences: [...sampleLicences, sampleInactiveLicence] } })],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const item = await body.findByRole('article', { name: 'ancienne-boutique.fr' });
    await expect(within(item).getByText(messages.licences.statusInactive)).toBeVisible();
  },
};

// What each licence's theme reported (docs/product.md#licences-tab), times from when the stories
// load: on the latest version, on an older one, never seen, suspended.
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const reported = (licence: Licence, minutes: number, version: string): Licence => ({
  ...licence,
  last_seen_at: minutesAgo(minutes),
  last_seen_host: `www.${licence.custom_domain}`,
  last_seen_version: version,
});
const reportedLicences: Licence[] = [
  reported(sampleLicences[0]!, 5, '2.1.0'),
  reported(sampleLicences[1]!, 3 * 24 * 60, '2.0.0'),
  { ...sampleExpiredLicence, _id: 'l7', status: 'active', expires_at: null },
  {
    ...reported({ ...sampleLicences[0]!, _id: 'l8', custom_domain: 'suspendue.fr' }, 90, '2.1.0'),
    suspended_at: minutesAgo(60),
    suspension_reason: 'Paiement contesté auprès de la banque',
  },
];

/** The list with the latest release, for a subscription in `current`'s state. */
const reports = (licences: Licence[], current: CurrentSubscription): SampleAnswers => ({
  'GET /api/client/licenses': () => json({ licenses: licences, latest_version: '2.1.0' }),
  'GET /api/client/subscription/current': () => json(current),
});

/** Up to date, an update with its notes, never seen, suspended with its reason. */
export const ThemeReports: Story = {
  decorators: [
    signedIn({ answers: reports(reportedLicences, subscriptionWith({ status: 'active' }, 10)) }),
  ],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const current = within(await body.findByRole('article', { name: 'boutique-exemple.fr' }));
    await expect(await current.findByText('Vérifiée il y a 5 minutes')).toBeVisible();
    await expect(current.getByText('Version à jour')).toBeVisible();
    const older = within(body.getByRole('article', { name: 'atelier-cuir.com' }));
    await expect(older.getByText('Mise à jour disponible : version 2.1.0')).toBeVisible();
    await expect(older.getByRole('link', { name: 'Voir les nouveautés' })).toBeVisible();
    const suspended = within(body.getByRole('article', { name: 'suspendue.fr' }));
    await expect(
      suspended.getByText('Suspendue : Paiement contesté auprès de la banque'),
    ).toBeVisible();
  },
};

/** A trial: active, in words. */
export const ThemeReportsInTrial: Story = {
  decorators: [
    signedIn({
      answers: reports(reportedLicences.slice(0, 1), subscriptionWith({ status: 'trialing' })),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Active pendant votre essai gratuit.'),
    ).toBeVisible();
  },
};

/** A failed payment within its grace: still active, and what to do. */
export const ThemeReportsInGrace: Story = {
  decorators: [
    signedIn({
      answers: reports(reportedLicences.slice(0, 1), subscriptionWith({ status: 'past_due' })),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(/^Active en période de grâce/)).toBeVisible();
  },
};

/** The subscription ended: the licence is inactive, and why. */
export const ThemeReportsEnded: Story = {
  decorators: [
    signedIn({
      answers: reports(
        [{ ...reportedLicences[0]!, status: 'inactive' }],
        sampleCanceledSubscription,
      ),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Inactive : votre abonnement est terminé.'),
    ).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { inMain } from '../../../../sample-data/layout.tsx';
import { json, pending, refuse } from '../../../../testing/sampleBackend.ts';
import {
  noSubscription,
  sampleCanceledSubscription,
  sampleCancellingSubscription,
  samplePastDueSubscription,
  sampleTrialEndedSubscription,
  sampleTrialSubscription,
} from '../../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../../testing/StoryFrame.tsx';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const currentCall = 'GET /api/client/subscription/current';
const portalCall = 'POST /api/stripe/customer-portal';
const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard?tab=subscription', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Subscription',
  component: SubscriptionPanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof SubscriptionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [signedIn({ answers: { [currentCall]: pending } })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

/** Scale, monthly: the current plan is marked in the grid. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.profile.active)).toBeVisible();
    await expect(canvas.getAllByText('Formule actuelle').length).toBeGreaterThan(0);
  },
};

export const YearlyGrid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Facturation annuelle' }));
    await expect(
      (await canvas.findAllByText(`/ ${messages.pricing.yearPeriod}`, { exact: false })).length,
    ).toBe(3);
  },
};

export const NoSubscription: Story = {
  decorators: [signedIn({ answers: { [currentCall]: () => json(noSubscription) } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.inactive)).toBeVisible();
  },
};

export const LoadError: Story = {
  decorators: [signedIn({ answers: { [currentCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.subscription.loadError),
    ).toBeVisible();
  },
};

export const OpeningPortal: Story = {
  decorators: [signedIn({ answers: { [portalCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByText('Redirection…')).toBeVisible();
  },
};

export const PortalError: Story = {
  decorators: [signedIn({ answers: { [portalCall]: refuse(500) } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Gérer mon abonnement' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** The modals render outside the story's root. */
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The signup's trial (Basic, five days left): every card subscribes through the checkout. */
export const Trialing: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialSubscription, licences: [] } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Essai gratuit : 5 jours restants')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Choisir ce plan' })).toHaveLength(3);
  },
};

export const TrialEnded: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialEndedSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Essai terminé')).toBeVisible();
    await expect(canvas.getByText(messages.subscriptionRules.trialEnded)).toBeVisible();
  },
};

/** Cancelled at the period's end: 'Se termine le …' and the way back. */
export const ActiveCancelling: Story = {
  decorators: [signedIn({ initial: { subscription: sampleCancellingSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Se termine le 22 décembre 2026')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: messages.subscription.resumeButton }),
    ).toBeVisible();
  },
};

export const Canceled: Story = {
  decorators: [signedIn({ initial: { subscription: sampleCanceledSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Résilié')).toBeVisible();
    await expect(canvas.getByText(messages.subscriptionRules.subscriptionEnded)).toBeVisible();
  },
};

export const PastDue: Story = {
  decorators: [signedIn({ initial: { subscription: samplePastDueSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.subscription.pastDue)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mettre à jour ma carte' })).toBeVisible();
  },
};

/** The cancellation's confirmation. */
export const CancelConfirm: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(
      await body.findByRole('button', { name: messages.subscription.cancelButton }),
    );
    const dialog = await body.findByRole('alertdialog', { name: 'Résilier l’abonnement' });
    await expect(
      await within(dialog).findByText(
        "Votre abonnement restera actif jusqu'au 22 décembre 2026, puis sera résilié.",
      ),
    ).toBeVisible();
  },
};

/** 'Passer à ce plan' on Business: the new price and when it applies. */
export const ChangeConfirm: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const business = await body.findByRole('article', { name: 'Business' });
    await userEvent.click(
      await within(business).findByRole('button', { name: messages.subscription.changePlanButton }),
    );
    const dialog = await body.findByRole('dialog', { name: 'Changer de plan' });
    await expect(
      await within(dialog).findByText(messages.subscription.changeApplies),
    ).toBeVisible();
    await expect(
      await within(dialog).findByRole('button', { name: 'Confirmer le changement' }),
    ).toBeEnabled();
  },
};

async function openDowngrade(canvasElement: HTMLElement) {
  const body = page(canvasElement);
  const basic = await body.findByRole('article', { name: 'Basic' });
  await userEvent.click(
    await within(basic).findByRole('button', { name: messages.subscription.changePlanButton }),
  );
  const dialog = await body.findByRole('dialog', { name: 'Changer de plan' });
  await within(dialog).findByRole('group', { name: 'Licences à garder actives' });
  return dialog;
}

/** Down to Basic (1 licence) with 2 active: which one to keep. */
export const DowngradeGuard: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDowngrade(canvasElement);
    await expect(
      within(dialog).getByText(messages.subscription.keepLicences('Basic', 1)),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    await expect(await within(dialog).findByText('Choisissez 1 licence à garder.')).toBeVisible();
  },
};

/** The server refuses the change (409): its words in the dialog, the tick kept. */
export const ChangeRefused: Story = {
  decorators: [
    signedIn({
      answers: {
        'PUT /api/client/subscription/current': refuse(
          409,
          messages.subscriptionRules.tooManyLicences('Basic', 1, 2),
        ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const dialog = await openDowngrade(canvasElement);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /atelier-cuir\.com/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    await expect(
      await within(dialog).findByText(messages.subscriptionRules.tooManyLicences('Basic', 1, 2)),
    ).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { inMain } from '../../../../sample-data/layout.tsx';
import { json, pending, refuse } from '../../../../testing/sampleBackend.ts';
import {
  noSubscription,
  sampleTrialEndedSubscription,
  sampleTrialSubscription,
} from '../../../../testing/sampleData.ts';
import { withServices, type StoryOptions } from '../../../../testing/StoryFrame.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';

const signedIn = (options: StoryOptions = {}) =>
  withServices({ path: '/dashboard?tab=profil', signedIn: true, ...options });

const meta = {
  title: 'Dashboard/Profile',
  component: ProfilePanel,
  decorators: [inMain(), signedIn()],
} satisfies Meta<typeof ProfilePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/profile': pending } })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

export const WithSubscription: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.active)).toBeVisible();
  },
};

/** 'Inactif' with 'Aucun abonnement'. */
export const WithoutSubscription: Story = {
  decorators: [
    signedIn({
      answers: { 'GET /api/client/subscription/current': () => json(noSubscription) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.profile.inactive)).toBeVisible();
    await expect(canvas.getByText(messages.profile.noSubscription)).toBeVisible();
  },
};

export const LoadError: Story = {
  decorators: [signedIn({ answers: { 'GET /api/client/profile': refuse(500) } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.loadError)).toBeVisible();
  },
};

async function edit(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Modifier' }));
  return canvas;
}

/** Edit mode: the email is read-only; the phone says which format it expects. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('readonly');
    await expect(canvas.getByText(messages.validation.phoneHint)).toBeVisible();
  },
};

export const EditingWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Prénom'));
    await userEvent.type(canvas.getByLabelText('Téléphone'), 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer' }));
    await expect(await canvas.findByText(messages.validation.phoneInvalid)).toBeVisible();
  },
};

export const SavingProfile: Story = {
  decorators: [signedIn({ answers: { 'PUT /api/client/profile': pending } })],
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer' }));
    await expect(await canvas.findByText('Enregistrement…')).toBeVisible();
  },
};

export const SaveConflict: Story = {
  decorators: [signedIn({ answers: { 'PUT /api/client/profile': refuse(409) } })],
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer' }));
    await expect(await canvas.findByText(messages.profile.conflict)).toBeVisible();
  },
};

async function openPassword(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Changer le mot de passe' }));
  return canvas;
}

export const PasswordForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openPassword(canvasElement);
    await expect(canvas.getByLabelText('Mot de passe actuel')).toBeVisible();
  },
};

export const PasswordErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openPassword(canvasElement);
    await userEvent.type(canvas.getByLabelText('Nouveau mot de passe'), 'court');
    await userEvent.click(canvas.getByRole('button', { name: 'Modifier le mot de passe' }));
    await expect(
      await canvas.findByText(messages.validation.currentPasswordRequired),
    ).toBeVisible();
  },
};

/** A wrong current password (401). */
export const PasswordRefused: Story = {
  decorators: [
    signedIn({
      answers: {
        'PUT /api/client/auth/change-password': refuse(401, messages.password.currentIncorrect),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await openPassword(canvasElement);
    await userEvent.type(canvas.getByLabelText('Mot de passe actuel'), 'Ancien2025');
    await userEvent.type(canvas.getByLabelText('Nouveau mot de passe'), 'Nouveau2026');
    await userEvent.type(
      canvas.getByLabelText('Confirmation du nouveau mot de passe'),
      'Nouveau2026',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Modifier le mot de passe' }));
    await expect(await canvas.findByText(messages.password.currentIncorrect)).toBeVisible();
  },
};

/** The signup's trial: its days left. */
export const Trialing: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Essai gratuit : 5 jours restants')).toBeVisible();
  },
};

export const TrialEnded: Story = {
  decorators: [signedIn({ initial: { subscription: sampleTrialEndedSubscription } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Essai terminé')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Voir les formules' })).toBeVisible();
  },
};

const mailsSwitchName = messages.releaseMails.label;

/** The release mails turned off: the switch moves at once, the notice says it. */
export const ReleaseMailsOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: mailsSwitchName }));
    await expect(canvas.getByRole('switch', { name: mailsSwitchName })).not.toBeChecked();
  },
};

/** The save failed: the switch is back on, with the French message. */
export const ReleaseMailsSaveFailed: Story = {
  decorators: [signedIn({ answers: { 'PUT /customers/preferences': refuse(500) } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: mailsSwitchName }));
    await expect(await canvas.findByText(messages.releaseMails.saveError)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: mailsSwitchName })).toBeChecked();
  },
};

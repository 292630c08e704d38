import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApiError, messages } from '@portal/core';
import { noSubscription, withDashboard } from '../../../sample-data/dashboardFakes.tsx';
import { inMain } from '../../../sample-data/layout.tsx';
import { never, storyUser } from '../../../sample-data/storyServices.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';

const meta = {
  title: 'Dashboard/Profile',
  component: ProfilePanel,
  decorators: [inMain(), withDashboard()],
} satisfies Meta<typeof ProfilePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  decorators: [withDashboard({ dashboard: { fetchProfile: never } })],
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
    withDashboard({
      dashboard: { fetchProfile: async () => ({ user: storyUser, subscription: noSubscription }) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.profile.inactive)).toBeVisible();
    await expect(canvas.getByText(messages.profile.noSubscription)).toBeVisible();
  },
};

export const LoadError: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        fetchProfile: () => Promise.reject(new ApiError({ kind: 'http', status: 500, data: {} })),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.profile.loadError)).toBeVisible();
  },
};

async function edit(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Modifier' }));
  return canvas;
}

/** Edit mode: the email is read-only. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('readonly');
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
  decorators: [withDashboard({ dashboard: { updateProfile: never } })],
  play: async ({ canvasElement }) => {
    const canvas = await edit(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer' }));
    await expect(await canvas.findByText('Enregistrement…')).toBeVisible();
  },
};

export const SaveConflict: Story = {
  decorators: [
    withDashboard({
      dashboard: {
        updateProfile: () => Promise.reject(new ApiError({ kind: 'http', status: 409, data: {} })),
      },
    }),
  ],
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
    withDashboard({
      dashboard: {
        changePassword: () => Promise.reject(new ApiError({ kind: 'http', status: 401, data: {} })),
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

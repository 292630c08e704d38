import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import { refuse } from '../../testing/sampleBackend.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const path = '/reset-password?token=story-token';

const meta = {
  title: 'Pages/Reset password',
  component: ResetPasswordPage,
  decorators: [withServices({ path })],
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function choose(canvasElement: HTMLElement, password: string, confirmation: string) {
  const canvas = within(canvasElement);
  await enter(canvas.getByLabelText('Nouveau mot de passe'), password);
  await enter(canvas.getByLabelText('Confirmation du mot de passe'), confirmation);
  await userEvent.click(canvas.getByRole('button'));
  return canvas;
}

export const Form: Story = {};

/** The link has no token: nothing to reset. */
export const MissingToken: Story = {
  decorators: [withServices({ path: '/reset-password' })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.auth.resetTokenInvalid)).toBeVisible();
  },
};

export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'Nouveau2026', 'Autre2026');
    await expect(await canvas.findByText(messages.validation.passwordsMismatch)).toBeVisible();
  },
};

export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'Nouveau2026', 'Nouveau2026');
    await expect(await canvas.findByText(messages.auth.resetSuccess)).toBeVisible();
  },
};

export const ExpiredLink: Story = {
  decorators: [
    withServices({
      path,
      answers: { 'POST /admin/auth/reset-password': refuse(400, messages.auth.resetTokenInvalid) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'Nouveau2026', 'Nouveau2026');
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

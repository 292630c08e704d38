import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import { refuse } from '../../testing/sampleBackend.ts';
import { sampleUser } from '../../testing/sampleData.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';

const meta = {
  title: 'Pages/Forgot password',
  component: ForgotPasswordPage,
  decorators: [withServices({ path: '/forgot-password' })],
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function send(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  if (email !== '') await enter(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button'));
  return canvas;
}

export const Empty: Story = {};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'pas-un-email');
    await expect(await canvas.findByText(messages.validation.emailInvalid)).toBeVisible();
  },
};

export const LinkSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, sampleUser.email);
    await expect(await canvas.findByText(messages.auth.resetLinkSent)).toBeVisible();
  },
};

export const Failed: Story = {
  decorators: [
    withServices({
      path: '/forgot-password',
      answers: { 'POST /admin/auth/forgot-password': refuse(500, 'Erreur serveur') },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, sampleUser.email);
    await expect(await canvas.findByText(messages.auth.forgotPasswordError)).toBeVisible();
  },
};

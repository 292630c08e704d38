import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import { storyClient, withServices } from '../../sample-data/storyServices.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';

const answered = storyClient(() => Response.json({ message: messages.auth.resetLinkSent }));
const failing = storyClient(() => Response.json({ message: 'Erreur serveur' }, { status: 500 }));

const meta = {
  title: 'Pages/Forgot password',
  component: ForgotPasswordPage,
  decorators: [withServices({ path: '/forgot-password', client: answered })],
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
    const canvas = await send(canvasElement, 'marie.curie@boutique-exemple.fr');
    await expect(await canvas.findByText(messages.auth.resetLinkSent)).toBeVisible();
  },
};

export const Failed: Story = {
  decorators: [withServices({ path: '/forgot-password', client: failing })],
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement, 'marie.curie@boutique-exemple.fr');
    await expect(await canvas.findByText(messages.auth.forgotPasswordError)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { networkFailure, pending, refuse } from '../../testing/sampleBackend.ts';
import { sampleUser } from '../../testing/sampleData.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import LoginPage from './LoginPage.tsx';

const meta = {
  title: 'Pages/Login',
  component: LoginPage,
  decorators: [withServices({ path: '/login' })],
} satisfies Meta<typeof LoginPage>;

export default meta;
const loginCall = 'POST /api/client/auth/login';
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Submitting an empty form: the auth machine's validation answers field by field. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await expect(await canvas.findByText(messages.validation.emailRequired)).toBeVisible();
    await expect(canvas.getByText(messages.validation.passwordRequired)).toBeVisible();
  },
};

export const InvalidFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'pas-un-email');
    await userEvent.type(canvas.getByLabelText('Mot de passe'), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await expect(await canvas.findByText(messages.validation.emailInvalid)).toBeVisible();
    await expect(canvas.getByText(messages.validation.passwordMin6)).toBeVisible();
  },
};

async function submitCredentials(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), sampleUser.email);
  await userEvent.type(canvas.getByLabelText('Mot de passe'), 'mauvais-mdp');
  await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
  return canvas;
}

/** The server refused the credentials: its message goes to the banner. */
export const RefusedByServer: Story = {
  decorators: [
    withServices({
      path: '/login',
      answers: { [loginCall]: refuse(401, messages.auth.invalidCredentials) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await submitCredentials(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      messages.auth.invalidCredentials,
    );
  },
};

/**
 * No server words (e.g. the network failed): the fallback text of docs/product.md#feature-errors.
 */
export const FailedWithoutMessage: Story = {
  decorators: [withServices({ path: '/login', answers: { [loginCall]: networkFailure } })],
  play: async ({ canvasElement }) => {
    const canvas = await submitCredentials(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(messages.auth.loginError);
  },
};

export const LoggingIn: Story = {
  decorators: [withServices({ path: '/login', answers: { [loginCall]: pending } })],
  play: async ({ canvasElement }) => {
    const canvas = await submitCredentials(canvasElement);
    // Pending, the button is named for what it is doing (react-aria announces that name).
    await expect(canvas.getByRole('button', { name: messages.auth.loggingIn })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Route } from 'wouter';
import { messages } from '@portal/core';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { pending, refuse } from '../../../testing/sampleBackend.ts';
import { withServices } from '../../../testing/StoryFrame.tsx';
import CustomerPage from './CustomerPage.tsx';

const texts = messages.admin.customer;

/** The page under its route, as the back office's router mounts it. */
function Routed() {
  return <Route path="/admin/clients/:id" component={CustomerPage} />;
}

const meta = {
  title: 'Back office/Customer',
  component: Routed,
  decorators: [withServices({ path: '/admin/clients/c1', answers: adminAnswers })],
} satisfies Meta<typeof Routed>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Marie Curie' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  decorators: [
    withServices({
      path: '/admin/clients/c1',
      answers: { 'GET /api/admin/customers/:id': pending },
    }),
  ],
};

export const NotFound: Story = {
  decorators: [withServices({ path: '/admin/clients/inconnu', answers: adminAnswers })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(messages.admin.customerNotFound),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  decorators: [
    withServices({
      path: '/admin/clients/c1',
      answers: { 'GET /api/admin/customers/:id': refuse(500) },
    }),
  ],
};

/** The confirmation of a password reset, its reason still to give. */
export const ConfirmingPasswordReset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: texts.passwordReset.button }));
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: texts.passwordReset.confirm }),
    );
    await expect(await within(dialog).findByText(texts.reasonRequired)).toBeVisible();
  },
};

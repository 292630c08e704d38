import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { messages } from '@portal/core';
import { Banner, ToastRegion } from './Banner.tsx';

const meta = {
  title: 'Design system/Banner',
  component: Banner,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: { tone: 'info', children: 'Message' },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Error: Story = { args: { tone: 'error', children: messages.auth.loginError } };
export const Success: Story = { args: { tone: 'success', children: messages.auth.loginSuccess } };
export const Warning: Story = {
  args: { tone: 'warning', children: messages.shell.inDevelopment },
};
export const Info: Story = {
  args: { tone: 'info', children: 'Votre thème est prêt à être téléchargé.' },
};
export const Dismissable: Story = {
  args: { tone: 'success', children: messages.auth.logoutSuccess, onDismiss: fn() },
};

/** The root's notification area: a live region present before any message arrives. */
export const InToastRegion: Story = {
  render: (args) => (
    <ToastRegion label="Notifications">
      <Banner {...args} />
    </ToastRegion>
  ),
  args: { tone: 'warning', children: messages.shell.inDevelopment, onDismiss: fn() },
};

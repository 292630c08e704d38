import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { messages } from '@portal/core';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Design system/TextField',
  component: TextField,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: { label: 'Email', type: 'email', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'marie.curie@boutique-exemple.fr' } };
export const WithDescription: Story = {
  args: {
    label: 'Mot de passe',
    type: 'password',
    description: messages.validation.newPasswordHint,
  },
};
export const WithError: Story = {
  args: { defaultValue: 'marie@', errorMessage: messages.validation.emailInvalid },
};
export const ReadOnly: Story = {
  args: { defaultValue: 'marie.curie@boutique-exemple.fr', isReadOnly: true },
};

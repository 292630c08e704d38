import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { messages } from '@portal/core';
import { Checkbox } from './Checkbox.tsx';

const meta = {
  title: 'Design system/Checkbox',
  component: Checkbox,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: { children: "J'accepte les conditions d'utilisation", onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { defaultSelected: true } };
export const WithError: Story = {
  args: { id: 'terms', errorMessage: messages.validation.termsRequired },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { messages } from '@portal/core';
import { Select } from './Select.tsx';

const cuisineOptions = Object.entries(messages.signup.cuisineOptions).map(([value, label]) => ({
  value,
  label,
}));

const meta = {
  title: 'Design system/Select',
  component: Select,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: {
    label: 'Type de cuisine (facultatif)',
    options: cuisineOptions,
    value: null,
    onChange: fn(),
  },
  render: function Controlled(args) {
    const [value, setValue] = useState(args.value);
    return (
      <Select
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {};
export const Chosen: Story = { args: { value: 'bistrot' } };

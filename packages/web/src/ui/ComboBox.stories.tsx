import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { ComboBox, type ComboBoxItem } from './ComboBox.tsx';

const establishments: ComboBoxItem[] = [
  { id: 'p1', label: 'Le Petit Bistrot', description: '12 rue de la Paix, 75002 Paris' },
  { id: 'p2', label: 'Brasserie du Port', description: '3 quai des Belges, 13001 Marseille' },
  { id: 'p3', label: 'Chez Louise', description: '8 place Bellecour, 69002 Lyon' },
];

const meta = {
  title: 'Design system/ComboBox',
  component: ComboBox,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: {
    label: 'Rechercher votre établissement (facultatif)',
    items: establishments,
    inputValue: '',
    onInputChange: fn(),
    onSelect: fn(),
    placeholder: 'Nom de votre établissement',
    description: '3 caractères minimum',
  },
  // The caller owns the text: a story keeps it in state, as the signup page keeps it in a machine.
  render: function Controlled(args) {
    const [text, setText] = useState(args.inputValue);
    return (
      <ComboBox
        {...args}
        inputValue={text}
        onInputChange={(value) => {
          setText(value);
          args.onInputChange(value);
        }}
      />
    );
  },
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithText: Story = { args: { inputValue: 'Bis' } };
export const NoSuggestions: Story = { args: { inputValue: 'Zzz', items: [] } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { Switch } from './Switch.tsx';

const meta = {
  title: 'Design system/Switch',
  component: Switch,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: {
    'aria-label': 'Facturation annuelle',
    before: <span aria-hidden="true">Mensuel</span>,
    children: <span aria-hidden="true">Annuel</span>,
    onChange: fn(),
  },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultSelected: true } };
export const Disabled: Story = { args: { isDisabled: true } };

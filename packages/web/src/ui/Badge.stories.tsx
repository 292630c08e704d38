import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Design system/Badge',
  component: Badge,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: { children: '-15%' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { tone: 'primary', children: 'Disponible' } };
export const Accent: Story = { args: { tone: 'accent', children: '-15%' } };
export const Success: Story = { args: { tone: 'success', children: 'Actif' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { Spinner } from './Spinner.tsx';

const meta = {
  title: 'Design system/Spinner',
  component: Spinner,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: { label: 'Vérification du paiement…' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { Card } from './Card.tsx';

const meta = {
  title: 'Design system/Card',
  component: Card,
  parameters: { layout: 'padded', ...isolatedComponent },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithContent: Story = {
  args: {
    children: (
      <>
        <h2>Mes licences</h2>
        <p>Une licence associe votre domaine personnalisé à votre boutique.</p>
      </>
    ),
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

const meta = {
  title: 'Design system/Modal',
  component: Modal,
  parameters: isolatedComponent,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    title: 'Supprimer la licence',
    children: (
      <>
        <p>Cette licence sera définitivement supprimée.</p>
        <Button variant="secondary">Annuler</Button>
      </>
    ),
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Dialog: Story = {};
export const AlertDialog: Story = { args: { role: 'alertdialog', isDismissable: false } };

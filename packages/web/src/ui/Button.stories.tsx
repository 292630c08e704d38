import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { fn } from 'storybook/test';
import { Button } from './Button.tsx';
import { ButtonLink } from './ButtonLink.tsx';

const meta = {
  title: 'Design system/Button',
  component: Button,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: { children: 'Choisir ce plan', onPress: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary', children: 'Précédent' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Annuler' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Pending: Story = { args: { isPending: true, children: 'Se connecter' } };
export const Block: Story = {
  args: { block: true, children: 'Se connecter' },
  parameters: { layout: 'padded' },
};

/** Navigation that looks like a button. */
export const AsLink: Story = {
  render: () => (
    <ButtonLink href="/dashboard" variant="primary">
      Accéder au tableau de bord
    </ButtonLink>
  ),
};

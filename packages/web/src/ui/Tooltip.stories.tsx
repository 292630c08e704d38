import type { Meta, StoryObj } from '@storybook/react-vite';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { DisabledButton } from './Tooltip.tsx';

const meta = {
  title: 'Design system/DisabledButton',
  component: DisabledButton,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: {
    children: 'Suivant',
    reason: 'Champs à compléter : Email, Mot de passe',
  },
} satisfies Meta<typeof DisabledButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Focusable while unavailable; the tooltip and a hidden text say why. */
export const WithReason: Story = {
  args: { reasonId: 'missing-fields' },
  render: (args) => (
    <>
      <DisabledButton {...args} />
      <p id="missing-fields" className="visually-hidden">
        {args.reason}
      </p>
    </>
  ),
};

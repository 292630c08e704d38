import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { BillingCycle } from '@portal/core';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { BillingCycleSwitch } from './BillingCycleSwitch.tsx';

function Interactive({ initial }: { initial: BillingCycle }) {
  const [cycle, setCycle] = useState(initial);
  return <BillingCycleSwitch cycle={cycle} onChange={setCycle} />;
}

const meta = {
  title: 'Design system/Billing cycle switch',
  component: Interactive,
  parameters: { layout: 'centered', ...isolatedComponent },
  args: { initial: 'monthly' },
} satisfies Meta<typeof Interactive>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Monthly: Story = {};

export const SwitchedToYearly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Facturation annuelle' }));
    await expect(canvas.getByRole('switch', { name: 'Facturation annuelle' })).toBeChecked();
  },
};

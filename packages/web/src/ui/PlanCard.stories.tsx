import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { builtInPlans, toDisplayedPlan, type Plan } from '@portal/core';
import { isolatedComponent } from '../sample-data/a11y.ts';
import { Button } from './Button.tsx';
import { PlanCard } from './PlanCard.tsx';

const [basic, scale, business] = builtInPlans as [Plan, Plan, Plan];
const choose = fn();

const meta = {
  title: 'Design system/PlanCard',
  component: PlanCard,
  parameters: { layout: 'padded', ...isolatedComponent },
  args: {
    plan: toDisplayedPlan(scale, 'monthly'),
    children: null,
  },
  render: (args) => (
    <div style={{ maxWidth: '22rem' }}>
      <PlanCard {...args}>
        <Button block onPress={choose} aria-describedby={`plan-${args.plan.id}`}>
          {args.plan.buttonText}
        </Button>
      </PlanCard>
    </div>
  ),
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The popular plan, billed monthly: its 'Recommandé' marker and the period 'mois'. */
export const PopularMonthly: Story = {};
export const PopularYearly: Story = { args: { plan: toDisplayedPlan(scale, 'yearly') } };
export const BasicMonthly: Story = { args: { plan: toDisplayedPlan(basic, 'monthly') } };
export const BusinessYearly: Story = { args: { plan: toDisplayedPlan(business, 'yearly') } };
/** In the dashboard's grid, the customer's own plan carries another marker. */
export const CurrentPlan: Story = { args: { marker: 'Formule actuelle' } };

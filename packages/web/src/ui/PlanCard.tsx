import type { ReactNode } from 'react';
import { formatEuros, type BillingCycle, type DisplayedPlan } from '@portal/core';
import './PlanCard.css';

export interface PlanCardProps {
  plan: DisplayedPlan;
  /** The card's action (its button), described by the plan's name. */
  children: ReactNode;
  /** A marker above the name instead of the popular text (e.g. the current plan). */
  marker?: string | undefined;
  /**
   * The cycle `plan` is priced in, and the same plan in the other cycle: its price is in the
   * HTML too, hidden, for a billing switch that shows it through CSS before the app runs
   * (the landing's pricing, landing.css).
   */
  cycles?: { shown: BillingCycle; other: DisplayedPlan } | undefined;
}

function Price({
  plan,
  cycle,
  hidden,
}: {
  plan: DisplayedPlan;
  cycle?: BillingCycle;
  hidden?: boolean;
}) {
  return (
    <p className="ui-plan-card__price" data-cycle={cycle} hidden={hidden}>
      <span className="ui-plan-card__amount">{formatEuros(plan.price)}</span>
      <span className="ui-plan-card__period"> / {plan.period}</span>
    </p>
  );
}

/**
 * docs/product.md#pricing-and-checkout: name, description, price and period, popular marker,
 * features, button, note.
 */
export function PlanCard({ plan, children, marker, cycles }: PlanCardProps) {
  const label = marker ?? (plan.popular ? plan.popularText : undefined);
  return (
    <article
      className="ui-plan-card"
      data-popular={plan.popular || undefined}
      data-marked={marker !== undefined || undefined}
      aria-labelledby={`plan-${plan.id}`}
    >
      {label !== undefined ? <p className="ui-plan-card__marker">{label}</p> : null}
      <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
      <p className="ui-plan-card__description">{plan.description}</p>
      <Price plan={plan} cycle={cycles?.shown} />
      {cycles === undefined ? null : (
        <Price
          plan={cycles.other}
          cycle={cycles.shown === 'yearly' ? 'monthly' : 'yearly'}
          hidden
        />
      )}
      <ul className="ui-plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children}
      {plan.note ? <p className="ui-plan-card__note">{plan.note}</p> : null}
    </article>
  );
}

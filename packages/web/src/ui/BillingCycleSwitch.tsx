import type { RefObject } from 'react';
import { messages, type BillingCycle } from '@portal/core';
import { Badge } from './Badge.tsx';
import { Switch } from './Switch.tsx';

export interface BillingCycleSwitchProps {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** The checkbox, read when a prerendered page is adopted (the landing's pricing). */
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
  /** In a form, the field that says 'yearly' when the switch is on (the landing's plans). */
  name?: string | undefined;
}

/** Monthly or yearly billing, with the yearly discount badge (the pricing grids). */
export function BillingCycleSwitch({ cycle, onChange, inputRef, name }: BillingCycleSwitchProps) {
  return (
    <>
      <Switch
        isSelected={cycle === 'yearly'}
        inputRef={inputRef}
        name={name}
        value="yearly"
        onChange={(yearly) => onChange(yearly ? 'yearly' : 'monthly')}
        before={<span aria-hidden="true">Mensuel</span>}
        aria-label="Facturation annuelle"
      >
        <span aria-hidden="true">Annuel</span>
      </Switch>
      <Badge tone="accent">{messages.pricing.yearlyBadge}</Badge>
    </>
  );
}

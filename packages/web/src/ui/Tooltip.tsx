import type { ReactNode } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import './Button.css';
import './Tooltip.css';

export interface DisabledButtonProps {
  children: ReactNode;
  /** Why the action is unavailable: the tooltip's text. */
  reason: ReactNode;
  /** Id of an element saying the same, for screen readers (tooltips are not read reliably). */
  reasonId?: string;
}

/**
 * An unavailable action that stays focusable (aria-disabled), so keyboard and pointer users can
 * reach it and see why it is unavailable in a tooltip (a disabled native button gets neither
 * focus nor hover).
 */
export function DisabledButton({ children, reason, reasonId }: DisabledButtonProps) {
  return (
    <TooltipTrigger delay={300}>
      <Focusable>
        <span
          role="button"
          tabIndex={0}
          aria-disabled="true"
          aria-describedby={reasonId}
          data-disabled="true"
          data-variant="primary"
          className="ui-button"
        >
          {children}
        </span>
      </Focusable>
      <AriaTooltip className="ui-tooltip" placement="top">
        {reason}
      </AriaTooltip>
    </TooltipTrigger>
  );
}

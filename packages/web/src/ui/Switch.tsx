import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import './Switch.css';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  children: ReactNode;
  /** Text before the track (the "off" side of a two-sided toggle). */
  before?: ReactNode;
}

export function Switch({ children, before, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch
      {...props}
      className={['ui-switch', typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {before}
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      {children}
    </AriaSwitch>
  );
}

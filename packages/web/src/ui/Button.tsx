import { useEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { announce, prepareAnnouncer } from './liveAnnouncer.ts';
import './Button.css';

export type Variant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends AriaButtonProps {
  variant?: Variant;
  block?: boolean;
}

/**
 * The design system's button. Pending (`isPending`), it keeps focus, refuses presses and form
 * submission and says so (`aria-disabled`); when it was focused, its new name is announced as
 * text. react-aria's own pending state is not used: it announces the button by reference, a node
 * that stays about 7 s and has no name once the button is gone (a closed modal, a new page).
 */
export function Button({
  variant = 'primary',
  block,
  className,
  isPending = false,
  type,
  onPress,
  onPressStart,
  onPressEnd,
  onPressUp,
  onPressChange,
  ...props
}: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(isPending);

  useEffect(() => {
    prepareAnnouncer();
  }, []);
  useEffect(() => {
    const button = ref.current;
    if (wasPending.current !== isPending && button !== null && button === document.activeElement) {
      announce((button.getAttribute('aria-label') ?? button.textContent ?? '').trim());
    }
    wasPending.current = isPending;
  }, [isPending]);

  const presses = isPending ? {} : { onPress, onPressStart, onPressEnd, onPressUp, onPressChange };
  return (
    <AriaButton
      {...props}
      {...presses}
      ref={ref}
      type={isPending && type === 'submit' ? 'button' : type}
      aria-disabled={isPending ? 'true' : props['aria-disabled']}
      data-variant={variant}
      data-busy={isPending || undefined}
      className={['ui-button', block ? 'ui-button--block' : '', className ?? ''].join(' ').trim()}
    />
  );
}

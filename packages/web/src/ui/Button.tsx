import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import './Button.css';

type Variant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends AriaButtonProps {
  variant?: Variant;
  block?: boolean;
}

export function Button({ variant = 'primary', block, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      data-variant={variant}
      className={['ui-button', block ? 'ui-button--block' : '', className ?? ''].join(' ').trim()}
    />
  );
}

export interface ButtonLinkProps extends AriaLinkProps {
  variant?: Variant;
  block?: boolean;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', block, className, ...props }: ButtonLinkProps) {
  return (
    <AriaLink
      {...props}
      data-variant={variant}
      className={['ui-button', block ? 'ui-button--block' : '', className ?? ''].join(' ').trim()}
    />
  );
}

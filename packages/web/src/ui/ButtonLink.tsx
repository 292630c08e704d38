import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { Variant } from './Button.tsx';
import './Button.css';

export interface ButtonLinkProps extends AriaLinkProps {
  variant?: Variant;
  block?: boolean;
}

/**
 * A link that looks like a button (navigation, not an action). A file apart from `Button`, which
 * the app's first script carries: screens without such a link do not load react-aria's link.
 */
export function ButtonLink({ variant = 'primary', block, className, ...props }: ButtonLinkProps) {
  return (
    <AriaLink
      {...props}
      data-variant={variant}
      className={['ui-button', block ? 'ui-button--block' : '', className ?? ''].join(' ').trim()}
    />
  );
}

import { Suspense, useRef, type ReactNode } from 'react';
import { useMenuTrigger } from 'react-aria';
import { Button as AriaButton } from 'react-aria-components';
import { useMenuTriggerState } from 'react-stately';
import { preloadable } from './preloadable.ts';
import './MenuButton.css';

export interface MenuButtonItem {
  id: string;
  label: string;
}

export interface MenuButtonProps {
  /** The trigger's accessible name (its content may be only initials or an icon). */
  label: string;
  /** What the trigger shows. */
  children: ReactNode;
  items: readonly MenuButtonItem[];
  onAction: (id: string) => void;
  /** Controlled open state (a machine may own it); uncontrolled when omitted. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  placement?: 'bottom end' | 'top start' | 'top end' | 'bottom start';
  className?: string;
}

const MenuPopover = preloadable(() => import('./MenuPopover.tsx'));

/** Fetches the open menu's code ahead (a screen showing a menu button, when idle). */
export const preloadMenu = MenuPopover.preload;

/**
 * A button opening a menu of actions: arrow keys move, Enter picks, Escape and a click outside
 * close it, and focus returns to the button. The button comes with the page; the menu's code when
 * the pointer or focus reaches the button, if no screen fetched it before.
 */
export function MenuButton({
  label,
  children,
  items,
  onAction,
  isOpen,
  onOpenChange,
  placement = 'bottom end',
  className,
}: MenuButtonProps) {
  const state = useMenuTriggerState({
    ...(isOpen === undefined ? {} : { isOpen }),
    ...(onOpenChange === undefined ? {} : { onOpenChange }),
  });
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger<MenuButtonItem>(
    { type: 'menu' },
    state,
    triggerRef,
  );
  const load = () => void MenuPopover.preload().catch(() => undefined);
  return (
    <>
      <AriaButton
        {...menuTriggerProps}
        ref={triggerRef}
        aria-label={label}
        className={['ui-menu-button', className ?? ''].join(' ').trim()}
        onHoverStart={load}
        onFocus={load}
      >
        {children}
      </AriaButton>
      {state.isOpen ? (
        <Suspense fallback={null}>
          <MenuPopover
            state={state}
            triggerRef={triggerRef}
            menuProps={menuProps}
            items={items}
            onAction={onAction}
            placement={placement}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Key,
} from 'react-aria-components';
import './Popover.css';
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

/**
 * A button opening a menu of actions: arrow keys move, Enter picks, Escape and a click outside
 * close it, and focus returns to the button.
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
  return (
    <MenuTrigger
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange === undefined ? {} : { onOpenChange })}
    >
      <AriaButton
        aria-label={label}
        className={['ui-menu-button', className ?? ''].join(' ').trim()}
      >
        {children}
      </AriaButton>
      <Popover placement={placement} className="ui-popover">
        <Menu className="ui-menu" items={items} onAction={(key: Key) => onAction(String(key))}>
          {(item) => (
            <MenuItem id={item.id} className="ui-menu__item">
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

import { useRef, type RefObject } from 'react';
import type { AriaMenuOptions } from 'react-aria';
import {
  Menu,
  MenuContext,
  MenuItem,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  type Key,
} from 'react-aria-components';
import type { RootMenuTriggerState } from 'react-stately';
import type { MenuButtonItem } from './MenuButton.tsx';
import './Popover.css';

export interface MenuPopoverProps {
  state: RootMenuTriggerState;
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuProps: AriaMenuOptions<MenuButtonItem>;
  items: readonly MenuButtonItem[];
  onAction: (id: string) => void;
  placement: 'bottom end' | 'top start' | 'top end' | 'bottom start';
}

/**
 * The open menu of a `MenuButton`, in a chunk of its own: react-aria's popover, collections and
 * selection load when a menu is about to open, not with the page (docs/performance.md, 'The
 * dashboard's frame'). The contexts are the ones react-aria's `MenuTrigger` provides.
 */
export default function MenuPopover({
  state,
  triggerRef,
  menuProps,
  items,
  onAction,
  placement,
}: MenuPopoverProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <Popover placement={placement} className="ui-popover">
        <Menu className="ui-menu" items={items} onAction={(key: Key) => onAction(String(key))}>
          {(item) => (
            <MenuItem id={item.id} className="ui-menu__item">
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </Provider>
  );
}

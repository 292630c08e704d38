import type { ReactNode } from 'react';
import {
  ComboBox as AriaComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import './Field.css';
import './Popover.css';

export interface ComboBoxItem {
  id: string;
  label: string;
  description?: string;
}

export interface ComboBoxProps {
  label: string;
  items: readonly ComboBoxItem[];
  inputValue: string;
  onInputChange: (value: string) => void;
  onSelect: (id: string) => void;
  description?: ReactNode;
  placeholder?: string;
}

/**
 * Free text with suggestions the caller supplies (filtering is done by the caller's machine,
 * so the list shows every item it is given).
 */
export function ComboBox({
  label,
  items,
  inputValue,
  onInputChange,
  onSelect,
  description,
  placeholder,
}: ComboBoxProps) {
  return (
    <AriaComboBox
      className="ui-field"
      items={items}
      inputValue={inputValue}
      onInputChange={onInputChange}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onSelect(String(key));
      }}
      allowsEmptyCollection
      menuTrigger="input"
    >
      <Label className="ui-field__label">{label}</Label>
      <Input className="ui-field__input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <Popover className="ui-popover">
        <ListBox className="ui-listbox">
          {(item: ComboBoxItem) => (
            <ListBoxItem className="ui-listbox__item" id={item.id} textValue={item.label}>
              <strong>{item.label}</strong>
              {item.description ? (
                <>
                  <br />
                  <small>{item.description}</small>
                </>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

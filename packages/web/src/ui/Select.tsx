import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import './Field.css';
import './Popover.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  name?: string;
}

/** A single choice from a short list (the options come from core). */
export function Select({ label, options, value, onChange, placeholder, name }: SelectProps) {
  return (
    <AriaSelect
      className="ui-field"
      name={name}
      selectedKey={value}
      placeholder={placeholder ?? 'Sélectionnez une option'}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
    >
      <Label className="ui-field__label">{label}</Label>
      <AriaButton className="ui-field__input ui-select__trigger">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className="ui-popover">
        <ListBox
          className="ui-listbox"
          items={options.map((option) => ({ id: option.value, ...option }))}
        >
          {(item) => (
            <ListBoxItem className="ui-listbox__item" id={item.id}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

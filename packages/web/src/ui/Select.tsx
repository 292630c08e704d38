import { useId } from 'react';
import './Field.css';

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

/**
 * A single choice from a short list (the options come from core): the browser's own `<select>`,
 * which every platform knows how to offer (a phone's picker) and which needs no script of ours
 * (docs/performance.md, 'The signup route'). The first option, the placeholder, is no choice.
 */
export function Select({ label, options, value, onChange, placeholder, name }: SelectProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <span className="ui-select">
        <select
          id={id}
          className="ui-field__input"
          name={name}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">{placeholder ?? 'Sélectionnez une option'}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}

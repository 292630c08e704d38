import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children: ReactNode;
  errorMessage?: string | undefined;
}

export function Checkbox({ children, errorMessage, ...props }: CheckboxProps) {
  const errorId = props.id ? `${props.id}-error` : undefined;
  return (
    <div className="ui-checkbox-field">
      <AriaCheckbox
        {...props}
        isInvalid={errorMessage !== undefined}
        aria-describedby={errorMessage !== undefined ? errorId : undefined}
        className="ui-checkbox"
      >
        {({ isSelected }) => (
          <>
            <span className="ui-checkbox__box" aria-hidden="true">
              {isSelected ? '✓' : null}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {errorMessage !== undefined ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}

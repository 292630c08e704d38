import type { Ref } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import './Field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  description?: string;
  /** A message from core's validation; shown and announced, and marks the field invalid. */
  errorMessage?: string | undefined;
  placeholder?: string;
  /** The input element (e.g. to read what was typed into a prerendered page before hydration). */
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputRef,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={errorMessage !== undefined ? true : props.isInvalid}
      className={['ui-field', typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      <Label className="ui-field__label">{label}</Label>
      <Input ref={inputRef} className="ui-field__input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="ui-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

import { useRef, type FormEvent } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import './Field.css';

/**
 * ARIA validation, not the browser's: core's schemas own every rule and message. After a submit
 * that leaves errors, focus moves to the first invalid field, so its message (linked by
 * aria-describedby) is read out and the keyboard user lands where the fix is needed.
 */
export function Form({ className, onSubmit, ...props }: AriaFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <AriaForm
      validationBehavior="aria"
      // Should a form ever submit natively (its script blocked), a password must not end up in
      // the address, the history and the server's logs, as a GET would put it.
      method="post"
      {...props}
      ref={ref}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        onSubmit?.(event);
        // Discrete events commit synchronously: the errors are in the DOM on the next task.
        window.setTimeout(() => {
          ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        }, 0);
      }}
      className={['ui-form', className ?? ''].join(' ').trim()}
    />
  );
}

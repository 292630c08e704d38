import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import './Field.css';

/** ARIA validation, not the browser's: core's schemas own every rule and message. */
export function Form({ className, ...props }: AriaFormProps) {
  return (
    <AriaForm
      validationBehavior="aria"
      {...props}
      className={['ui-form', className ?? ''].join(' ').trim()}
    />
  );
}

import { useState } from 'react';
import { Button } from './Button.tsx';
import { Form } from './Form.tsx';
import { TextField } from './TextField.tsx';

/**
 * The one-field form that mails a link to an address (a password reset, a lost account-creation
 * link): the email as typed is kept across refusals; the flow validates and sends it.
 */
export function EmailLinkForm({
  name,
  submitLabel,
  sending,
  emailError,
  onSend,
}: {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  sending: boolean;
  emailError: string | undefined;
  onSend: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  return (
    <Form
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(email);
      }}
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        errorMessage={emailError}
      />
      <Button type="submit" block isPending={sending}>
        {submitLabel}
      </Button>
    </Form>
  );
}

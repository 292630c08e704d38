import { messages, type PasswordChangeField } from '@portal/core';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { PasswordProvider, usePasswordView } from './passwordFlow.ts';

const fields: readonly { id: PasswordChangeField; label: string; autoComplete: string }[] = [
  { id: 'current_password', label: 'Mot de passe actuel', autoComplete: 'current-password' },
  { id: 'new_password', label: 'Nouveau mot de passe', autoComplete: 'new-password' },
  {
    id: 'confirm_password',
    label: 'Confirmation du nouveau mot de passe',
    autoComplete: 'new-password',
  },
];

/** 'Sécurité': the password change, closed until asked for. */
export function PasswordSection() {
  return (
    <PasswordProvider>
      <PasswordView />
    </PasswordProvider>
  );
}

function PasswordView() {
  const { form, open: openForm, change, save, cancel } = usePasswordView();
  return (
    <Card className="profile-card" aria-labelledby="security-title">
      <div className="profile-card__head">
        <h3 id="security-title">Sécurité</h3>
        {form === null ? (
          <Button variant="secondary" onPress={openForm}>
            Changer le mot de passe
          </Button>
        ) : null}
      </div>
      {form !== null ? (
        <Form
          aria-label="Changer le mot de passe"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {form.error !== null ? <Banner tone="error">{form.error}</Banner> : null}
          {fields.map((field, index) => (
            <TextField
              key={field.id}
              label={field.label}
              name={field.id}
              type="password"
              autoComplete={field.autoComplete}
              autoFocus={index === 0}
              isReadOnly={form.readOnly}
              value={form.values[field.id]}
              description={
                field.id === 'new_password' ? messages.validation.newPasswordHint : undefined
              }
              onChange={(value) => change(field.id, value)}
              errorMessage={form.errors[field.id]}
            />
          ))}
          <div className="form-actions">
            <Button variant="secondary" onPress={cancel} isDisabled={form.submit.pending}>
              Annuler
            </Button>
            <Button type="submit" isPending={form.submit.pending}>
              {form.submit.label}
            </Button>
          </div>
        </Form>
      ) : (
        <p>Changez régulièrement votre mot de passe pour protéger votre compte.</p>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { isApiError, messages } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { useServices } from '../../app/services.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../auth-pages.css';

type Status = 'editing' | 'saving' | 'done';

/** The screen the reset link opens: /reset-password?token=... */
export default function ResetPasswordPage() {
  const { client } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('editing');

  async function submit() {
    // The password rules are the server's (answered as field errors); only the copy is checked here.
    if (password !== confirmation) {
      setErrors({ confirmation: messages.validation.passwordsMismatch });
      return;
    }
    setErrors({});
    setError(null);
    setStatus('saving');
    try {
      await client.api.POST('/admin/auth/reset-password', { body: { token, password } });
      setStatus('done');
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.fieldErrors.password : undefined;
      if (fieldError !== undefined) setErrors({ password: fieldError });
      else
        setError(
          (isApiError(caught) ? caught.serverMessage : undefined) ??
            messages.auth.resetPasswordError,
        );
      setStatus('editing');
    }
  }

  return (
    <PageMain routeName="Nouveau mot de passe" narrow>
      <Card className="auth-card">
        <h1>Nouveau mot de passe</h1>
        {token === '' ? (
          <>
            <Banner tone="error">{messages.auth.resetTokenInvalid}</Banner>
            <Link href="/forgot-password">Demander un nouveau lien</Link>
          </>
        ) : status === 'done' ? (
          <>
            <Banner tone="success">{messages.auth.resetSuccess}</Banner>
            <ButtonLink href="/login" block>
              Se connecter
            </ButtonLink>
          </>
        ) : (
          <>
            {error !== null ? <Banner tone="error">{error}</Banner> : null}
            <Form
              aria-label="Choisir un nouveau mot de passe"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <TextField
                label="Nouveau mot de passe"
                type="password"
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
                errorMessage={errors.password}
              />
              <TextField
                label="Confirmation du mot de passe"
                type="password"
                name="confirmation"
                autoComplete="new-password"
                value={confirmation}
                onChange={setConfirmation}
                errorMessage={errors.confirmation}
              />
              <Button type="submit" block isPending={status === 'saving'}>
                Enregistrer le mot de passe
              </Button>
            </Form>
          </>
        )}
      </Card>
    </PageMain>
  );
}

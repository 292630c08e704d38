import { useState } from 'react';
import { Link } from 'wouter';
import { messages, validateForgotPassword } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { useServices } from '../../app/services.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../auth-pages.css';

type Status = 'editing' | 'sending' | 'sent' | 'failed';

/**
 * Sends the reset link. The confirmation is the same whether or not an account exists, so the
 * screen never tells a visitor which emails are registered.
 */
export default function ForgotPasswordPage() {
  const { client } = useServices();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>('editing');

  async function submit() {
    const result = validateForgotPassword({ email });
    if (!result.success) {
      setEmailError(result.errors.email);
      return;
    }
    setEmailError(undefined);
    setStatus('sending');
    try {
      await client.api.POST('/admin/auth/forgot-password', { body: result.output });
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <PageMain routeName="Mot de passe oublié" narrow>
      <Card className="auth-card">
        <h1>Mot de passe oublié</h1>
        {status === 'sent' ? (
          <>
            <Banner tone="success">{messages.auth.resetLinkSent}</Banner>
            <Link href="/login">Retour à la connexion</Link>
          </>
        ) : (
          <>
            <p className="auth-card__lead">
              Indiquez l’email de votre compte : nous vous enverrons un lien pour choisir un nouveau
              mot de passe.
            </p>
            {status === 'failed' ? (
              <Banner tone="error">{messages.auth.forgotPasswordError}</Banner>
            ) : null}
            <Form
              aria-label="Mot de passe oublié"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
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
              <Button type="submit" block isPending={status === 'sending'}>
                Envoyer le lien
              </Button>
            </Form>
            <p className="auth-card__footer">
              <Link href="/login">Retour à la connexion</Link>
            </p>
          </>
        )}
      </Card>
    </PageMain>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
import { messages } from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../auth-pages.css';
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildResetPassword } from './passwordResetMachines.ts';

/** The screen the reset link opens: /reset-password?token=... (core's reset machine decides). */
export default function ResetPasswordPage() {
  const machine = useScreenMachine('resetPassword', buildResetPassword);
  const [params] = useSearchParams();
  const [snapshot, send] = useInspectedMachine(machine, {
    input: { token: params.get('token') ?? '' },
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { fieldErrors: errors, error } = snapshot.context;

  return (
    <PageMain routeName="Nouveau mot de passe" narrow>
      <Card className="auth-card">
        <h1>Nouveau mot de passe</h1>
        {snapshot.matches('invalidLink') ? (
          <>
            <Banner tone="error">{messages.auth.resetTokenInvalid}</Banner>
            <Link href="/forgot-password">Demander un nouveau lien</Link>
          </>
        ) : snapshot.matches('done') ? (
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
                send({ type: 'reset.submit', password, confirmation });
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
              <Button type="submit" block isPending={snapshot.matches('saving')}>
                Enregistrer le mot de passe
              </Button>
            </Form>
          </>
        )}
      </Card>
    </PageMain>
  );
}

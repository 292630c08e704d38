import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  messages,
  selectIsPasswordReset,
  selectIsResetLinkInvalid,
  selectIsSavingNewPassword,
  selectResetError,
  selectResetFieldErrors,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../auth-pages.css';
import {
  ResetPasswordProvider,
  useResetPasswordEvents,
  useResetPasswordSelector,
} from './passwordResetFlows.ts';

/** The screen the reset link opens: /reset-password?token=... (core's reset machine decides). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <ResetPasswordProvider input={{ token: params.get('token') ?? '' }}>
      <ResetPasswordView />
    </ResetPasswordProvider>
  );
}

export function ResetPasswordView() {
  const errors = useResetPasswordSelector(selectResetFieldErrors);
  const error = useResetPasswordSelector(selectResetError);
  const invalidLink = useResetPasswordSelector(selectIsResetLinkInvalid);
  const done = useResetPasswordSelector(selectIsPasswordReset);
  const saving = useResetPasswordSelector(selectIsSavingNewPassword);
  const { save } = useResetPasswordEvents();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  return (
    <PageMain routeName="Nouveau mot de passe" narrow>
      <Card className="auth-card">
        <h1>Nouveau mot de passe</h1>
        {invalidLink ? (
          <>
            <Banner tone="error">{messages.auth.resetTokenInvalid}</Banner>
            <Link href="/forgot-password">Demander un nouveau lien</Link>
          </>
        ) : done ? (
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
                save(password, confirmation);
              }}
            >
              <TextField
                label="Nouveau mot de passe"
                type="password"
                name="password"
                autoComplete="new-password"
                description={messages.validation.newPasswordHint}
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
              <Button type="submit" block isPending={saving}>
                Enregistrer le mot de passe
              </Button>
            </Form>
          </>
        )}
      </Card>
    </PageMain>
  );
}

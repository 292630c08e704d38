import { useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  messages,
  selectIsLoggingIn,
  selectLoginError,
  selectLoginFieldErrors,
} from '@portal/core';
import { useAdoptPrerendered } from '../../app/prerendered.ts';
import { PageMain } from '../../app/PageMain.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../auth-pages.css';
import { LoginProvider, useLoginEvents, useLoginSelector } from './loginFlow.ts';

export default function LoginPage() {
  return (
    <LoginProvider>
      <LoginView />
    </LoginProvider>
  );
}

export function LoginView() {
  const fieldErrors = useLoginSelector(selectLoginFieldErrors);
  const error = useLoginSelector(selectLoginError);
  const loggingIn = useLoginSelector(selectIsLoggingIn);
  const { submit } = useLoginEvents();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // The page may arrive prerendered: what the visitor typed before the scripts ran becomes the
  // form's state, then a submit kept meanwhile is replayed.
  useAdoptPrerendered(() => {
    const typedEmail = emailInput.current?.value ?? '';
    const typedPassword = passwordInput.current?.value ?? '';
    if (typedEmail !== '') setEmail(typedEmail);
    if (typedPassword !== '') setPassword(typedPassword);
  });

  return (
    <PageMain routeName="Connexion" narrow>
      <Card className="auth-card">
        <h1>Connexion</h1>
        <p className="auth-card__lead">Accédez à votre espace client.</p>
        {error !== null ? <Banner tone="error">{error}</Banner> : null}
        <Form
          aria-label="Connexion"
          onSubmit={(event) => {
            event.preventDefault();
            submit(email, password);
          }}
        >
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            inputRef={emailInput}
            errorMessage={fieldErrors.email}
          />
          <TextField
            label="Mot de passe"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            inputRef={passwordInput}
            errorMessage={fieldErrors.password}
          />
          <p className="auth-card__aside">
            <Link href="/forgot-password">Mot de passe oublié ?</Link>
          </p>
          {/* A pending react-aria button announces its own name: give that moment one. */}
          <Button
            type="submit"
            block
            isPending={loggingIn}
            aria-label={loggingIn ? messages.auth.loggingIn : undefined}
          >
            Se connecter
          </Button>
        </Form>
        <p className="auth-card__footer">
          Pas encore de compte ? <Link href="/signup">Créer un compte</Link>
        </p>
      </Card>
    </PageMain>
  );
}

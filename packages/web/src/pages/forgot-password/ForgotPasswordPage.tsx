import { Link } from 'wouter';
import {
  messages,
  selectForgotError,
  selectForgotFieldErrors,
  selectIsResetLinkSent,
  selectIsSendingResetLink,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailLinkForm } from '../../ui/EmailLinkForm.tsx';
import '../auth-pages.css';
import {
  ForgotPasswordProvider,
  useForgotPasswordEvents,
  useForgotPasswordSelector,
} from './passwordResetFlows.ts';

/**
 * docs/product.md#forgot-and-reset-password: the request of a reset link, decided by core's
 * forgot-password machine.
 */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordProvider>
      <ForgotPasswordView />
    </ForgotPasswordProvider>
  );
}

export function ForgotPasswordView() {
  const fieldErrors = useForgotPasswordSelector(selectForgotFieldErrors);
  const error = useForgotPasswordSelector(selectForgotError);
  const sent = useForgotPasswordSelector(selectIsResetLinkSent);
  const sending = useForgotPasswordSelector(selectIsSendingResetLink);
  const { requestLink } = useForgotPasswordEvents();

  return (
    <PageMain routeName="Mot de passe oublié" narrow>
      <Card className="auth-card">
        <h1>Mot de passe oublié</h1>
        {sent ? (
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
            {error !== null ? <Banner tone="error">{error}</Banner> : null}
            <EmailLinkForm
              name="Mot de passe oublié"
              submitLabel="Envoyer le lien"
              sending={sending}
              emailError={fieldErrors.email}
              onSend={requestLink}
            />
            <p className="auth-card__footer">
              <Link href="/login">Retour à la connexion</Link>
            </p>
          </>
        )}
      </Card>
    </PageMain>
  );
}

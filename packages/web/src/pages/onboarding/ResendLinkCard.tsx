import {
  messages,
  selectIsResending,
  selectResendError,
  selectResendFieldErrors,
  selectResendSent,
} from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailLinkForm } from '../../ui/EmailLinkForm.tsx';
import {
  ResendLinkProvider,
  useResendLinkEvents,
  useResendLinkSelector,
} from './onboardingFlow.ts';

/**
 * docs/product.md#onboarding: 'Retrouver votre lien de création de compte', the page's own heading
 * when the address has no session, a section under 'Accès refusé' otherwise.
 */
export function ResendLinkCard({ headingLevel }: { headingLevel: 1 | 2 }) {
  return (
    <ResendLinkProvider>
      <ResendLinkView headingLevel={headingLevel} />
    </ResendLinkProvider>
  );
}

function ResendLinkView({ headingLevel }: { headingLevel: 1 | 2 }) {
  const fieldErrors = useResendLinkSelector(selectResendFieldErrors);
  const error = useResendLinkSelector(selectResendError);
  const sent = useResendLinkSelector(selectResendSent);
  const sending = useResendLinkSelector(selectIsResending);
  const { resend } = useResendLinkEvents();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <Card className="auth-card">
      <Heading>{messages.purchase.resendTitle}</Heading>
      <p className="auth-card__lead">
        Vous avez payé mais perdu le lien pour créer votre compte ? Indiquez l’email donné lors du
        paiement : nous vous le renverrons.
      </p>
      {sent !== null ? <Banner tone="success">{sent}</Banner> : null}
      {error !== null ? <Banner tone="error">{error}</Banner> : null}
      <EmailLinkForm
        name={messages.purchase.resendTitle}
        submitLabel={messages.purchase.resendSubmit}
        sending={sending}
        emailError={fieldErrors.email}
        onSend={resend}
      />
    </Card>
  );
}

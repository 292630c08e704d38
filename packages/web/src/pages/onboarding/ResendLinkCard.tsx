import { useState } from 'react';
import {
  messages,
  selectIsResending,
  selectResendError,
  selectResendFieldErrors,
  selectResendSent,
} from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
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
  const [email, setEmail] = useState('');
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
      <Form
        aria-label={messages.purchase.resendTitle}
        onSubmit={(event) => {
          event.preventDefault();
          resend(email);
        }}
      >
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          errorMessage={fieldErrors.email}
        />
        <Button type="submit" block isPending={sending}>
          {messages.purchase.resendSubmit}
        </Button>
      </Form>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import type {
  AccountFormView,
  CheckboxView,
  OnboardingFormScreen,
  OnboardingViewModel,
  SignInOfferView,
} from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Form } from '../../ui/Form.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';

/**
 * The onboarding's screens, as core's view model (`connectOnboarding`) gives them: this renders
 * and decides nothing. The resend form (its own flow) is the page's.
 */
export function OnboardingView({
  view,
}: {
  view: Exclude<OnboardingViewModel, { screen: 'recover' }>;
}) {
  switch (view.screen) {
    case 'verifying':
      return <Spinner label={view.label} />;
    case 'refused':
      return (
        <Card className="auth-card">
          <h1>{view.title}</h1>
          <p>{view.text}</p>
          <Button block onPress={view.backToPricing.press}>
            {view.backToPricing.label}
          </Button>
        </Card>
      );
    case 'leaving':
      return null;
    case 'form':
      return <GrantedCard view={view} />;
  }
}

function GrantedCard({ view }: { view: OnboardingFormScreen }) {
  // Back from the existing-account offer, the Email field takes focus: it is the one to change.
  const [backFromOffer, setBackFromOffer] = useState(false);
  const { plan, offer, form } = view;
  return (
    <Card className="auth-card">
      <h1>{view.title}</h1>
      <section className="onboarding-plan" aria-label={plan.region}>
        <p className="onboarding-plan__label">{plan.label}</p>
        <p className="onboarding-plan__name">{plan.name}</p>
        <p>
          {plan.price} · {plan.cycle}
        </p>
      </section>
      {view.error !== null ? <Banner tone="error">{view.error}</Banner> : null}
      {offer !== null ? (
        // One way forward at a time (see docs/decisions.md, 'Buying while signed in'): signing in
        // to the account is the primary one; the creation form, kept as typed, waits behind
        // 'Utiliser un autre email'.
        <SignInOffer offer={offer} onUseAnotherEmail={() => setBackFromOffer(true)} />
      ) : form !== null ? (
        <AccountForm form={form} focusEmail={backFromOffer} />
      ) : null}
    </Card>
  );
}

/** The account-creation form, as typed so far. */
function AccountForm({ form, focusEmail }: { form: AccountFormView; focusEmail: boolean }) {
  return (
    <Form
      aria-label={form.label}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit.press();
      }}
    >
      <div className="onboarding-names">
        <TextField autoComplete="given-name" {...form.field('firstName')} />
        <TextField autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <TextField
        type="email"
        autoComplete="email"
        autoFocus={focusEmail}
        {...form.field('email')}
      />
      <TextField type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <TextField autoComplete="organization" {...form.field('company')} />
      <CheckboxField id="onboarding-terms" checkbox={form.checkbox('acceptTerms')} />
      <p className="onboarding-terms-link">
        <a href={form.terms.href} target="_blank" rel="noopener">
          {form.terms.label}
        </a>
      </p>
      <CheckboxField id="onboarding-newsletter" checkbox={form.checkbox('newsletter')} />
      <Button type="submit" block isDisabled={form.submit.disabled}>
        {form.submit.label}
      </Button>
    </Form>
  );
}

function CheckboxField({ id, checkbox }: { id: string; checkbox: CheckboxView }) {
  return (
    <Checkbox
      id={id}
      name={checkbox.name}
      isSelected={checkbox.isSelected}
      onChange={checkbox.onChange}
      errorMessage={checkbox.errorMessage}
    >
      {checkbox.label}
    </Checkbox>
  );
}

/**
 * docs/product.md#onboarding: the email already has an account; signing in to it attaches the
 * payment there, then 'Mon abonnement' opens.
 */
function SignInOffer({
  offer,
  onUseAnotherEmail,
}: {
  offer: SignInOfferView;
  onUseAnotherEmail: () => void;
}) {
  // The offer replaces the form whose button had focus: focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { form, attachFailure, otherEmail } = offer;
  return (
    <>
      <section className="onboarding-existing" aria-labelledby="onboarding-existing-title">
        <h2 id="onboarding-existing-title" ref={heading} tabIndex={-1}>
          {offer.title}
        </h2>
        <Banner tone="info">{offer.notice}</Banner>
        {attachFailure !== null ? (
          <div className="onboarding-existing__retry">
            <Banner tone="error">{attachFailure.error}</Banner>
            <Button variant="secondary" onPress={attachFailure.retry.press}>
              {attachFailure.retry.label}
            </Button>
          </div>
        ) : null}
        {form !== null ? (
          <Form
            aria-label={form.label}
            onSubmit={(event) => {
              event.preventDefault();
              form.submit.press();
            }}
          >
            {form.error !== null ? <Banner tone="error">{form.error}</Banner> : null}
            <TextField type="email" autoComplete="username" {...form.field('email')} />
            <TextField
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
            />
            <Button type="submit" block isPending={form.submit.pending}>
              {form.submit.label}
            </Button>
          </Form>
        ) : null}
      </section>
      {otherEmail !== null ? (
        <section className="onboarding-other-email" aria-labelledby="onboarding-other-title">
          <h2 id="onboarding-other-title">{otherEmail.title}</h2>
          <p className="onboarding-other-email__taken">
            <span className="onboarding-other-email__address">{otherEmail.email}</span>
            <span>{otherEmail.error}</span>
          </p>
          <p className="onboarding-other-email__hint">{otherEmail.kept}</p>
          <Button
            variant="secondary"
            block
            isDisabled={otherEmail.useAnotherEmail.disabled}
            onPress={() => {
              onUseAnotherEmail();
              otherEmail.useAnotherEmail.press();
            }}
          >
            {otherEmail.useAnotherEmail.label}
          </Button>
        </section>
      ) : null}
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import {
  formatEuros,
  messages,
  type FieldErrors,
  type LoginField,
  type OnboardingField,
  type OnboardingFormValues,
  type PlanSummary,
} from '@portal/core';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Form } from '../../ui/Form.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';

type TextFieldName = Exclude<keyof OnboardingFormValues, 'acceptTerms' | 'newsletter'>;

/** The offer to sign in to the account the email already has, and attach the payment there. */
export interface SignInOfferView {
  values: { email: string; password: string };
  fieldErrors: FieldErrors<LoginField>;
  /** The login's refusal. */
  error: string | null;
  /** The login, then the attach, are under way. */
  pending: boolean;
  /** Why the payment could not be attached once signed in ('Réessayer'). */
  attachError: string | null;
}

export type OnboardingViewState =
  | { status: 'verifying' }
  | { status: 'denied' }
  | {
      status: 'form' | 'submitting';
      plan: PlanSummary;
      values: OnboardingFormValues;
      errors: FieldErrors<OnboardingField>;
      error: string | null;
      signIn: SignInOfferView | null;
    };

export interface OnboardingViewActions {
  onChange: (field: TextFieldName, value: string) => void;
  onToggle: (field: 'acceptTerms' | 'newsletter', value: boolean) => void;
  onSubmit: () => void;
  onBackToPricing: () => void;
  onChangeSignIn: (field: LoginField, value: string) => void;
  onSignInAndAttach: () => void;
  onRetryAttach: () => void;
  /** Declines the offer: the creation form again, as typed. */
  onUseAnotherEmail: () => void;
}

export function OnboardingView({
  state,
  actions,
}: {
  state: OnboardingViewState;
  actions: OnboardingViewActions;
}) {
  // Back from the existing-account offer, the Email field takes focus: it is the one to change.
  const [backFromOffer, setBackFromOffer] = useState(false);
  if (state.status === 'verifying') {
    return <Spinner label="Vérification du paiement…" />;
  }
  if (state.status === 'denied') {
    return (
      <Card className="auth-card">
        <h1>{messages.onboarding.accessDenied}</h1>
        <p>{messages.onboarding.accessDeniedText}</p>
        <Button block onPress={actions.onBackToPricing}>
          Retour aux tarifs
        </Button>
      </Card>
    );
  }
  const { plan, values, errors } = state;
  const yearly = plan.billingCycle === 'yearly';
  const submitting = state.status === 'submitting';
  return (
    <Card className="auth-card">
      <h1>Créez votre compte</h1>
      <section className="onboarding-plan" aria-label="Votre formule">
        <p className="onboarding-plan__label">Paiement confirmé pour la formule</p>
        <p className="onboarding-plan__name">{plan.plan.name}</p>
        <p>
          {formatEuros(plan.plan.price)} /{' '}
          {yearly ? messages.pricing.yearPeriod : messages.pricing.monthPeriod} ·{' '}
          {yearly ? messages.paymentSuccess.yearly : messages.paymentSuccess.monthly}
        </p>
      </section>
      {state.error !== null ? <Banner tone="error">{state.error}</Banner> : null}
      {state.signIn !== null ? (
        // One way forward at a time (see docs/decisions.md, 'Buying while signed in'): signing in
        // to the account is the primary one; the creation form, kept as typed, waits behind
        // 'Utiliser un autre email'.
        <>
          <SignInOffer offer={state.signIn} actions={actions} />
          {state.signIn.attachError === null ? (
            <section className="onboarding-other-email" aria-labelledby="onboarding-other-title">
              <h2 id="onboarding-other-title">Créer un compte avec un autre email</h2>
              <p className="onboarding-other-email__taken">
                <span className="onboarding-other-email__address">{values.email}</span>
                <span>{errors.email}</span>
              </p>
              <p className="onboarding-other-email__hint">Vos autres informations sont gardées.</p>
              <Button
                variant="secondary"
                block
                isDisabled={state.signIn.pending}
                onPress={() => {
                  setBackFromOffer(true);
                  actions.onUseAnotherEmail();
                }}
              >
                Utiliser un autre email
              </Button>
            </section>
          ) : null}
        </>
      ) : (
        <AccountForm
          values={values}
          errors={errors}
          submitting={submitting}
          focusEmail={backFromOffer}
          actions={actions}
        />
      )}
    </Card>
  );
}

/** The account-creation form, as typed so far. */
function AccountForm({
  values,
  errors,
  submitting,
  focusEmail,
  actions,
}: {
  values: OnboardingFormValues;
  errors: FieldErrors<OnboardingField>;
  submitting: boolean;
  focusEmail: boolean;
  actions: OnboardingViewActions;
}) {
  return (
    <Form
      aria-label="Création du compte"
      onSubmit={(event) => {
        event.preventDefault();
        actions.onSubmit();
      }}
    >
      <div className="onboarding-names">
        <TextField
          label="Prénom"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(value) => actions.onChange('firstName', value)}
          errorMessage={errors.firstName}
        />
        <TextField
          label="Nom"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(value) => actions.onChange('lastName', value)}
          errorMessage={errors.lastName}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={focusEmail}
        value={values.email}
        onChange={(value) => actions.onChange('email', value)}
        errorMessage={errors.email}
      />
      <TextField
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        description={messages.validation.newPasswordHint}
        value={values.password}
        onChange={(value) => actions.onChange('password', value)}
        errorMessage={errors.password}
      />
      <TextField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(value) => actions.onChange('confirmPassword', value)}
        errorMessage={errors.confirmPassword}
      />
      <TextField
        label="Entreprise (facultatif)"
        autoComplete="organization"
        value={values.company}
        onChange={(value) => actions.onChange('company', value)}
        errorMessage={errors.company}
      />
      <Checkbox
        id="onboarding-terms"
        isSelected={values.acceptTerms}
        onChange={(selected) => actions.onToggle('acceptTerms', selected)}
        errorMessage={errors.acceptTerms}
      >
        J'accepte les conditions d'utilisation
      </Checkbox>
      <p className="onboarding-terms-link">
        <a href="/terms" target="_blank" rel="noopener">
          Lire les conditions d’utilisation (nouvel onglet)
        </a>
      </p>
      <Checkbox
        id="onboarding-newsletter"
        isSelected={values.newsletter}
        onChange={(selected) => actions.onToggle('newsletter', selected)}
      >
        Je souhaite recevoir la newsletter
      </Checkbox>
      <Button type="submit" block isDisabled={submitting}>
        {submitting ? messages.onboarding.submitting : 'Créer mon compte'}
      </Button>
    </Form>
  );
}

/**
 * docs/product.md#onboarding: the email already has an account; signing in to it attaches the
 * payment there, then 'Mon abonnement' opens.
 */
function SignInOffer({
  offer,
  actions,
}: {
  offer: SignInOfferView;
  actions: OnboardingViewActions;
}) {
  // The offer replaces the form whose button had focus: focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="onboarding-existing" aria-labelledby="onboarding-existing-title">
      <h2 id="onboarding-existing-title" ref={heading} tabIndex={-1}>
        Compte existant
      </h2>
      <Banner tone="info">{messages.purchase.existingAccount}</Banner>
      {offer.attachError !== null ? (
        <div className="onboarding-existing__retry">
          <Banner tone="error">{offer.attachError}</Banner>
          <Button variant="secondary" onPress={actions.onRetryAttach}>
            Réessayer
          </Button>
        </div>
      ) : (
        <Form
          aria-label="Connexion au compte existant"
          onSubmit={(event) => {
            event.preventDefault();
            actions.onSignInAndAttach();
          }}
        >
          {offer.error !== null ? <Banner tone="error">{offer.error}</Banner> : null}
          <TextField
            label="Email du compte"
            type="email"
            autoComplete="username"
            value={offer.values.email}
            onChange={(value) => actions.onChangeSignIn('email', value)}
            errorMessage={offer.fieldErrors.email}
          />
          <TextField
            label="Mot de passe du compte"
            type="password"
            autoComplete="current-password"
            value={offer.values.password}
            onChange={(value) => actions.onChangeSignIn('password', value)}
            errorMessage={offer.fieldErrors.password}
          />
          <Button type="submit" block isPending={offer.pending}>
            {messages.purchase.existingAccountSubmit}
          </Button>
        </Form>
      )}
    </section>
  );
}

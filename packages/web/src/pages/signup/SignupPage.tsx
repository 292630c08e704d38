import { Suspense } from 'react';
import { shallowEqual } from '@xstate/react';
import { Link } from 'wouter';
import {
  messages,
  selectCanGoBack,
  selectCanGoNext,
  selectIsSignupSuccess,
  selectIsSubmitting,
  selectMissingFieldLabels,
  selectSignupError,
  selectSignupFieldErrors,
  selectSignupStep,
  selectSignupValues,
  type SignupValues,
} from '@portal/core';
import { PageMain } from '../../app/PageMain.tsx';
import { preloadable } from '../../ui/preloadable.ts';
import { usePreloadWhenIdle } from '../../ui/usePreloadWhenIdle.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Form } from '../../ui/Form.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { DisabledButton } from '../../ui/Tooltip.tsx';
import { EstablishmentSearchPlaceholder } from './EstablishmentSearchPlaceholder.tsx';
import '../auth-pages.css';
import './signup.css';
import { SignupProvider, useSignupEvents, useSignupSelector } from './signupFlows.ts';

const labels = messages.signup.fieldLabels;
const toOptions = (options: Record<string, string>) =>
  Object.entries(options).map(([value, label]) => ({ value, label }));
const cuisineOptions = toOptions(messages.signup.cuisineOptions);
const heardFromOptions = toOptions(messages.signup.heardFromOptions);

// Step 2's establishment search (react-aria's combobox, its collections and overlays) is a chunk
// of its own, fetched when the browser is idle after step 1 shows (docs/performance.md, 'The
// signup route').
const EstablishmentSearch = preloadable(() =>
  import('./EstablishmentSearch.tsx').then((module) => ({ default: module.EstablishmentSearch })),
);
const preloads = [EstablishmentSearch.preload];

export default function SignupPage() {
  return (
    <SignupProvider>
      <SignupView />
    </SignupProvider>
  );
}

export function SignupView() {
  const step = useSignupSelector(selectSignupStep);
  const values = useSignupSelector(selectSignupValues);
  const error = useSignupSelector(selectSignupError);
  const missing = useSignupSelector(selectMissingFieldLabels, shallowEqual);
  const fieldErrors: Partial<Record<keyof SignupValues, string>> = useSignupSelector(
    selectSignupFieldErrors,
    shallowEqual,
  );
  const canGoNext = useSignupSelector(selectCanGoNext);
  const canGoBack = useSignupSelector(selectCanGoBack);
  const submitting = useSignupSelector(selectIsSubmitting);
  const succeeded = useSignupSelector(selectIsSignupSuccess);
  const { change, fill, next, back, submit } = useSignupEvents();
  usePreloadWhenIdle(preloads);

  const field = (name: keyof SignupValues) => ({
    name,
    value: values[name],
    onChange: (value: string) => change(name, value),
    errorMessage: fieldErrors[name],
  });

  if (succeeded) {
    return (
      <PageMain routeName="Inscription" narrow>
        <Card className="auth-card">
          <h1>{messages.signup.header}</h1>
          <Banner tone="success">{messages.signup.success}</Banner>
          <p>Redirection vers la page de connexion…</p>
        </Card>
      </PageMain>
    );
  }

  return (
    <PageMain routeName="Inscription" narrow>
      <Card className="auth-card">
        <h1>{messages.signup.header}</h1>
        <ol className="signup-steps" aria-label="Étapes de l’inscription">
          {messages.signup.steps.map((label, index) => (
            <li
              key={label}
              aria-current={index + 1 === step ? 'step' : undefined}
              data-done={index + 1 < step || undefined}
            >
              <span className="signup-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
        {error !== null ? <Banner tone="error">{error}</Banner> : null}
        <Form
          aria-label={`Étape ${step} sur 3 : ${messages.signup.steps[step - 1]}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (step === 3) submit();
            else next();
          }}
        >
          {step === 1 ? (
            <fieldset className="signup-fieldset">
              <legend>{messages.signup.steps[0]}</legend>
              <TextField
                label={labels.email}
                type="email"
                autoComplete="email"
                {...field('email')}
              />
              <TextField
                label={labels.password}
                type="password"
                autoComplete="new-password"
                description={messages.validation.newPasswordHint}
                {...field('password')}
              />
              <TextField
                label={labels.confirmPassword}
                type="password"
                autoComplete="new-password"
                {...field('confirmPassword')}
              />
            </fieldset>
          ) : null}
          {step === 2 ? (
            <fieldset className="signup-fieldset">
              <legend>{messages.signup.steps[1]}</legend>
              <Suspense fallback={<EstablishmentSearchPlaceholder />}>
                <EstablishmentSearch onPick={fill} />
              </Suspense>
              <TextField
                label={labels.restaurantName}
                autoComplete="organization"
                {...field('restaurantName')}
              />
              <TextField
                label={labels.address}
                autoComplete="street-address"
                {...field('address')}
              />
              <TextField label={labels.ownerName} autoComplete="name" {...field('ownerName')} />
              <TextField label={labels.phone} type="tel" autoComplete="tel" {...field('phone')} />
              <TextField label={labels.city} autoComplete="address-level2" {...field('city')} />
            </fieldset>
          ) : null}
          {step === 3 ? (
            <fieldset className="signup-fieldset">
              <legend>{messages.signup.steps[2]}</legend>
              <Select
                label="Type de cuisine (facultatif)"
                name="cuisineType"
                options={cuisineOptions}
                value={values.cuisineType === '' ? null : values.cuisineType}
                onChange={(value) => change('cuisineType', value ?? '')}
              />
              <Select
                label="Comment nous avez-vous connus ? (facultatif)"
                name="heardFrom"
                options={heardFromOptions}
                value={values.heardFrom === '' ? null : values.heardFrom}
                onChange={(value) => change('heardFrom', value ?? '')}
              />
            </fieldset>
          ) : null}
          <div className="signup-actions">
            {canGoBack ? (
              <Button variant="secondary" onPress={back}>
                Précédent
              </Button>
            ) : null}
            {step < 3 ? (
              canGoNext ? (
                <Button type="submit">Suivant</Button>
              ) : (
                <>
                  <p id="signup-missing" className="visually-hidden">
                    Champs à compléter : {missing.join(', ')}
                  </p>
                  <DisabledButton
                    reason={`Champs à compléter : ${missing.join(', ')}`}
                    reasonId="signup-missing"
                  >
                    Suivant
                  </DisabledButton>
                </>
              )
            ) : (
              <Button type="submit" isPending={submitting}>
                Créer mon compte
              </Button>
            )}
          </div>
        </Form>
        <p className="auth-card__footer">
          <Link href="/auth/login">Déjà un compte ? Se connecter</Link>
        </p>
      </Card>
    </PageMain>
  );
}

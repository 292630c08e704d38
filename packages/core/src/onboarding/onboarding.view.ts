import type { SnapshotFrom } from 'xstate';
import { formatEuros } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import type { LoginField } from '../domain/validation/login.ts';
import { fieldGetter, type TextFieldView } from '../view-kit.ts';
import type { onboardingMachine } from './onboarding.machine.ts';
import {
  selectIsCreatingAccount,
  selectIsSigningInToAttach,
  selectOnboardingAttachError,
  selectOnboardingFieldErrors,
  selectOnboardingFormError,
  selectOnboardingValues,
  selectOnboardingView,
  selectPlanSummary,
  selectSignInOffer,
} from './onboarding.selectors.ts';
import type { OnboardingEvent, PlanSummary } from './onboarding.types.ts';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;
type Send = (event: OnboardingEvent) => void;

/** The account form's text fields and its two checkboxes. */
export type AccountTextField = Extract<OnboardingEvent, { type: 'onboarding.change' }>['field'];
export type AccountCheckbox = Extract<OnboardingEvent, { type: 'onboarding.toggle' }>['field'];

/** A text field with its label, and its hint when it has one. */
export interface LabelledFieldView<Name extends string> extends TextFieldView<Name> {
  label: string;
  description?: string;
}

export interface CheckboxView {
  name: AccountCheckbox;
  label: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  errorMessage: string | undefined;
}

/** A button: its label and the command it sends. */
export interface CommandView {
  label: string;
  press: () => void;
}

/** A button the machine may refuse now (`snapshot.can`): then it is disabled. */
export interface ButtonView extends CommandView {
  disabled: boolean;
}

/** A button whose work is under way meanwhile (a spinner, pressed again it does nothing). */
export interface PendingButtonView extends CommandView {
  pending: boolean;
}

export interface AccountFormView {
  /** The form's accessible name. */
  label: string;
  field: (name: AccountTextField) => LabelledFieldView<AccountTextField>;
  checkbox: (name: AccountCheckbox) => CheckboxView;
  terms: { label: string; href: string };
  /** 'Créer mon compte', disabled and reading 'Création en cours...' while the account is made. */
  submit: ButtonView;
}

/** docs/product.md#onboarding, 'Existing account': sign in to it and attach the payment there. */
export interface SignInOfferView {
  title: string;
  notice: string;
  /** The sign-in form, or null once signed in and the attach failed. */
  form: {
    label: string;
    field: (name: LoginField) => LabelledFieldView<LoginField>;
    /** The login's refusal, in its words. */
    error: string | null;
    /** 'Se connecter et rattacher': pending through the login, then the attach and its retries. */
    submit: PendingButtonView;
  } | null;
  /** Signed in, but the payment could not be attached: why, and 'Réessayer'. */
  attachFailure: { error: string; retry: CommandView } | null;
  /** Not their account: the creation form again (null once signed in and the attach failed). */
  otherEmail: {
    title: string;
    email: string;
    error: string | undefined;
    kept: string;
    useAnotherEmail: ButtonView;
  } | null;
}

/** Granted: the paid plan, then the account form or, for an email with an account, the offer. */
export interface OnboardingFormScreen {
  screen: 'form';
  title: string;
  /** The plan paid for: its region's name, then 'Paiement confirmé pour la formule', its figures. */
  plan: { region: string; label: string; name: string; price: string; cycle: string };
  /** The alert for a failure no field explains. */
  error: string | null;
  form: AccountFormView | null;
  offer: SignInOfferView | null;
}

/** Everything the onboarding page shows, and the commands it may send. */
export type OnboardingViewModel =
  | { screen: 'verifying'; label: string }
  /** No session in the address: the resend form is the page. */
  | { screen: 'recover' }
  /** 'Accès refusé', then the resend form. */
  | { screen: 'refused'; title: string; text: string; backToPricing: CommandView }
  | { screen: 'leaving' }
  | OnboardingFormScreen;

// `messages.onboarding` is read text by text, never aliased: a whole namespace object would be
// built into the chunk the landing shares for the onboarding's session errors
// (docs/performance.md, 'What the shared entry carries').

function planView({ plan, billingCycle }: PlanSummary): OnboardingFormScreen['plan'] {
  const yearly = billingCycle === 'yearly';
  const period = yearly ? messages.pricing.yearPeriod : messages.pricing.monthPeriod;
  return {
    region: messages.onboarding.planRegion,
    label: messages.onboarding.planConfirmed,
    name: plan.name,
    price: `${formatEuros(plan.price)} / ${period}`,
    cycle: yearly ? messages.paymentSuccess.yearly : messages.paymentSuccess.monthly,
  };
}

function accountForm(snapshot: Snapshot, send: Send): AccountFormView {
  const values = selectOnboardingValues(snapshot);
  const errors = selectOnboardingFieldErrors(snapshot);
  const text = fieldGetter<AccountTextField>(values, errors, (field, value) =>
    send({ type: 'onboarding.change', field, value }),
  );
  const creating = selectIsCreatingAccount(snapshot);
  return {
    label: messages.onboarding.accountCreation,
    field: (name) => ({
      ...text(name),
      label: messages.onboarding.fieldLabels[name],
      ...(name === 'password' ? { description: messages.validation.newPasswordHint } : {}),
    }),
    checkbox: (name) => ({
      name,
      label: messages.onboarding.fieldLabels[name],
      isSelected: values[name],
      onChange: (value) => send({ type: 'onboarding.toggle', field: name, value }),
      errorMessage: errors[name],
    }),
    terms: { label: messages.onboarding.termsLink, href: '/terms' },
    submit: {
      label: creating ? messages.onboarding.submitting : messages.onboarding.submit,
      disabled: !snapshot.can({ type: 'onboarding.submit' }),
      press: () => send({ type: 'onboarding.submit' }),
    },
  };
}

function signInOffer(snapshot: Snapshot, send: Send): SignInOfferView | null {
  const offer = selectSignInOffer(snapshot);
  if (offer === null) return null;
  const attachError = selectOnboardingAttachError(snapshot);
  const signIn = fieldGetter<LoginField>(offer.values, offer.fieldErrors, (field, value) =>
    send({ type: 'onboarding.changeSignIn', field, value }),
  );
  return {
    title: messages.onboarding.existingAccountTitle,
    notice: messages.purchase.existingAccount,
    form:
      attachError === null
        ? {
            label: messages.onboarding.existingAccountForm,
            field: (name) => ({ ...signIn(name), label: messages.onboarding.signInLabels[name] }),
            error: offer.error,
            submit: {
              label: messages.purchase.existingAccountSubmit,
              pending: selectIsSigningInToAttach(snapshot),
              press: () => send({ type: 'onboarding.signInAndAttach' }),
            },
          }
        : null,
    attachFailure:
      attachError === null
        ? null
        : {
            error: attachError,
            retry: {
              label: messages.onboarding.retryAttach,
              press: () => send({ type: 'onboarding.retryAttach' }),
            },
          },
    otherEmail:
      attachError === null
        ? {
            title: messages.onboarding.otherEmailTitle,
            email: selectOnboardingValues(snapshot).email,
            error: selectOnboardingFieldErrors(snapshot).email,
            kept: messages.onboarding.otherEmailKept,
            useAnotherEmail: {
              label: messages.onboarding.useAnotherEmail,
              disabled: !snapshot.can({ type: 'onboarding.useAnotherEmail' }),
              press: () => send({ type: 'onboarding.useAnotherEmail' }),
            },
          }
        : null,
  };
}

/**
 * The onboarding page's view model, in the spirit of zag's `connect`: a pure function from the
 * machine's snapshot (and its `send`) to everything the page shows (labels, figures, which
 * buttons wait or are disabled) and the commands it may send. The page renders it and decides
 * nothing (docs/architecture.md, "How a screen gets its machine").
 */
export function connectOnboarding(snapshot: Snapshot, send: Send): OnboardingViewModel {
  const view = selectOnboardingView(snapshot);
  const summary = selectPlanSummary(snapshot);
  if (view === 'recover' || view === 'leaving') return { screen: view };
  if (view === 'refused') {
    return {
      screen: 'refused',
      title: messages.onboarding.accessDenied,
      text: messages.onboarding.accessDeniedText,
      backToPricing: {
        label: messages.onboarding.backToPricing,
        press: () => send({ type: 'onboarding.backToPricing' }),
      },
    };
  }
  if (view === 'verifying' || summary === null)
    return { screen: 'verifying', label: messages.onboarding.verifying };
  const offer = signInOffer(snapshot, send);
  return {
    screen: 'form',
    title: messages.onboarding.title,
    plan: planView(summary),
    error: selectOnboardingFormError(snapshot),
    form: offer === null ? accountForm(snapshot, send) : null,
    offer,
  };
}

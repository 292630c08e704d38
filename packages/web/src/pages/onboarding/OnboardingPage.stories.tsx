import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import {
  json,
  pending,
  refuse,
  sampleTokens,
  type SampleHandler,
} from '../../testing/sampleBackend.ts';
import { samplePaidSession, sampleUser } from '../../testing/sampleData.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import OnboardingPage from './OnboardingPage.tsx';

/** The paid session's check, answered by the story. */
const verify = (answer: SampleHandler) => ({ 'GET /api/onboarding/sessions/:id': answer });

/** The account creation, answered by the story. */
const finalize = (answer: SampleHandler) => ({ 'POST /api/onboarding/register/finalize': answer });

const path = '/onboarding?session_id=cs_test_story';

const meta = {
  title: 'Pages/Onboarding',
  component: OnboardingPage,
  decorators: [withServices({ path })],
} satisfies Meta<typeof OnboardingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verifying: Story = {
  decorators: [withServices({ path, answers: verify(pending) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toBeVisible();
  },
};

/** The paid plan's summary and the account form, the checkout's email filled in. */
export const Granted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Scale')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue(samplePaidSession.email);
  },
};

export const MonthlyPlan: Story = {
  decorators: [
    withServices({
      path,
      answers: verify(() =>
        json({
          success: true,
          planDetails: { id: 'basic', name: 'Basic', price: 19.99 },
          billingCycle: 'monthly',
        }),
      ),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Basic')).toBeVisible();
  },
};

export const Refused: Story = {
  decorators: [
    withServices({
      path,
      answers: verify(refuse(404)),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: messages.onboarding.accessDenied }),
    ).toBeVisible();
    await expect(canvas.getByText(messages.onboarding.accessDeniedText)).toBeVisible();
    // The way back to the link: mailed again.
    await expect(
      canvas.getByRole('heading', { level: 2, name: messages.purchase.resendTitle }),
    ).toBeVisible();
  },
};

type Canvas = ReturnType<typeof within>;

async function fillForm(canvas: Canvas) {
  await enter(await canvas.findByLabelText('Prénom'), 'Marie');
  await enter(canvas.getByLabelText('Nom'), 'Curie');
  // The checkout's email is already there: replaced by the account's.
  await userEvent.clear(canvas.getByLabelText('Email'));
  await enter(canvas.getByLabelText('Email'), 'marie.curie@boutique-exemple.fr');
  await enter(canvas.getByLabelText('Mot de passe'), 'Boutique2026');
  await enter(canvas.getByLabelText('Confirmation du mot de passe'), 'Boutique2026');
  await userEvent.click(canvas.getByRole('checkbox', { name: /J'accepte/ }));
}

/** Submitting an empty form: every required field says what it needs. */
export const FieldErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Créer mon compte' }));
    await expect(await canvas.findByText(messages.validation.firstNameRequired)).toBeVisible();
    await expect(canvas.getByText(messages.validation.termsRequired)).toBeVisible();
  },
};

export const Submitting: Story = {
  decorators: [withServices({ path, answers: finalize(pending) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(
      await canvas.findByRole('button', { name: messages.onboarding.submitting }),
    ).toBeDisabled();
  },
};

export const EmailTaken: Story = {
  decorators: [
    withServices({
      path,
      answers: finalize(refuse(409, 'Cet email existe déjà')),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(await canvas.findByText(messages.onboarding.emailTaken)).toBeVisible();
  },
};

/** The login call, answered by the story. */
const logIn = (answer: SampleHandler) => ({ 'POST /api/client/auth/login': answer });

const emailTaken = finalize(refuse(409, messages.onboarding.emailTaken));

async function offerSignIn(canvas: Canvas) {
  await fillForm(canvas);
  await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
  await expect(await canvas.findByText(messages.purchase.existingAccount)).toBeVisible();
}

/** The email already has an account: sign in to it and attach the payment there. */
export const ExistingAccount: Story = {
  decorators: [withServices({ path, answers: emailTaken })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offerSignIn(canvas);
    await expect(canvas.getByLabelText('Email du compte')).toHaveValue(sampleUser.email);
    await expect(
      canvas.getByRole('button', { name: messages.purchase.existingAccountSubmit }),
    ).toBeVisible();
    // One primary way: the creation form waits behind a secondary choice.
    await expect(canvas.queryByRole('button', { name: 'Créer mon compte' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Utiliser un autre email' })).toBeVisible();
  },
};

/** Not their account: the creation form again, as typed, focus on the email to change. */
export const ExistingAccountAnotherEmail: Story = {
  decorators: [withServices({ path, answers: emailTaken })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offerSignIn(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Utiliser un autre email' }));
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await expect(canvas.getByLabelText('Email')).toHaveValue('marie.curie@boutique-exemple.fr');
    await expect(canvas.getByText(messages.onboarding.emailTaken)).toBeVisible();
    await expect(canvas.getByLabelText('Prénom')).toHaveValue('Marie');
    await expect(canvas.getByRole('button', { name: 'Créer mon compte' })).toBeVisible();
  },
};

/** A wrong password: the login's words; what was typed stays. */
export const ExistingAccountWrongPassword: Story = {
  decorators: [
    withServices({
      path,
      answers: { ...emailTaken, ...logIn(refuse(401, messages.auth.invalidCredentials)) },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offerSignIn(canvas);
    await enter(canvas.getByLabelText('Mot de passe du compte'), 'mauvais-mdp');
    await userEvent.click(
      canvas.getByRole('button', { name: messages.purchase.existingAccountSubmit }),
    );
    await expect(await canvas.findByText(messages.auth.invalidCredentials)).toBeVisible();
    await expect(canvas.getByLabelText('Mot de passe du compte')).toHaveValue('mauvais-mdp');
  },
};

/** Signed in, but the payment could not be attached: the server's words and 'Réessayer'. */
export const ExistingAccountAttachFailed: Story = {
  decorators: [
    withServices({
      path,
      answers: {
        ...emailTaken,
        ...logIn(() => json({ customer: sampleUser, tokens: sampleTokens() })),
        'POST /api/client/subscription/attach': refuse(
          409,
          messages.purchase.paymentAttachedElsewhere,
        ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await offerSignIn(canvas);
    await enter(canvas.getByLabelText('Mot de passe du compte'), 'Demo1234!');
    await userEvent.click(
      canvas.getByRole('button', { name: messages.purchase.existingAccountSubmit }),
    );
    await expect(await canvas.findByText(messages.purchase.paymentAttachedElsewhere)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
};

/** `/onboarding` without a session: the account-creation link mailed again. */
export const RecoverLink: Story = {
  decorators: [withServices({ path: '/onboarding' })],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: messages.purchase.resendTitle }),
    ).toBeVisible();
  },
};

/** The resend's answer, the same whatever the email. */
export const RecoverLinkSent: Story = {
  decorators: [withServices({ path: '/onboarding' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await enter(await canvas.findByLabelText('Email'), samplePaidSession.email);
    await userEvent.click(canvas.getByRole('button', { name: messages.purchase.resendSubmit }));
    await expect(await canvas.findByText(messages.purchase.resendSent)).toBeVisible();
  },
};

/** Too many resends: the server's message. */
export const RecoverLinkRateLimited: Story = {
  decorators: [
    withServices({
      path: '/onboarding',
      answers: {
        'POST /api/onboarding/resend-link': refuse(
          429,
          'Trop de demandes : réessayez dans une minute.',
        ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await enter(await canvas.findByLabelText('Email'), samplePaidSession.email);
    await userEvent.click(canvas.getByRole('button', { name: messages.purchase.resendSubmit }));
    await expect(
      await canvas.findByText('Trop de demandes : réessayez dans une minute.'),
    ).toBeVisible();
  },
};

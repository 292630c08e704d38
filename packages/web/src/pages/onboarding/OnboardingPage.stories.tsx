import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import { json, pending, refuse, type SampleHandler } from '../../testing/sampleBackend.ts';
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

/** The paid plan's summary and the account form. */
export const Granted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Scale')).toBeVisible();
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
  },
};

type Canvas = ReturnType<typeof within>;

async function fillForm(canvas: Canvas) {
  await enter(await canvas.findByLabelText('Prénom'), 'Marie');
  await enter(canvas.getByLabelText('Nom'), 'Curie');
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '@portal/core';
import { enter } from '../../sample-data/play.ts';
import { json, pending, refuse, type SampleHandler } from '../../testing/sampleBackend.ts';
import { sampleEstablishments } from '../../testing/sampleData.ts';
import { withServices } from '../../testing/StoryFrame.tsx';
import SignupPage from './SignupPage.tsx';

const labels = messages.signup.fieldLabels;

/** The registration call, answered by the story. */
function register(answer: SampleHandler) {
  return { 'POST /api/client/auth/register': answer };
}

const meta = {
  title: 'Pages/Signup',
  component: SignupPage,
  decorators: [withServices({ path: '/signup' })],
} satisfies Meta<typeof SignupPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function fillStep1(canvas: Canvas) {
  await enter(canvas.getByLabelText(labels.email), 'marie.curie@bistrot-exemple.fr');
  await enter(canvas.getByLabelText(labels.password), 'Bistrot2026');
  await enter(canvas.getByLabelText(labels.confirmPassword), 'Bistrot2026');
}

async function fillStep2(canvas: Canvas) {
  await enter(canvas.getByLabelText(labels.restaurantName), 'Le Petit Bistrot');
  await enter(canvas.getByLabelText(labels.address), '12 rue de la Paix');
  await enter(canvas.getByLabelText(labels.ownerName), 'Marie Curie');
  await enter(canvas.getByLabelText(labels.phone), '0612345678');
  await enter(canvas.getByLabelText(labels.city), 'Paris');
}

async function next(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Suivant' }));
}

async function reachStep3(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await fillStep1(canvas);
  await next(canvas);
  await fillStep2(canvas);
  await next(canvas);
  await canvas.findByRole('form', { name: /Étape 3 sur 3/ });
  return canvas;
}

/** 'Suivant' stays unavailable and says which fields are missing. */
export const Step1Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Suivant' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Step1Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillStep1(canvas);
    await expect(canvas.getByRole('button', { name: 'Suivant' })).not.toHaveAttribute(
      'aria-disabled',
    );
  },
};

export const Step2: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillStep1(canvas);
    await next(canvas);
    await expect(await canvas.findByRole('form', { name: /Étape 2 sur 3/ })).toBeVisible();
  },
};

export const Step2Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillStep1(canvas);
    await next(canvas);
    await fillStep2(canvas);
    await expect(canvas.getByRole('button', { name: 'Précédent' })).toBeVisible();
  },
};

export const Step3: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachStep3(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Créer mon compte' })).toBeVisible();
  },
};

export const Submitting: Story = {
  decorators: [withServices({ path: '/signup', answers: register(pending) })],
  play: async ({ canvasElement }) => {
    const canvas = await reachStep3(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(canvas.getByRole('button', { name: /Créer mon compte/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** The success panel; the machine goes to /login 2 s later. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachStep3(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(await canvas.findByText(messages.signup.success)).toBeVisible();
  },
};

export const RegisterRefused: Story = {
  decorators: [
    withServices({
      path: '/signup',
      answers: register(refuse(500)),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await reachStep3(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Créer mon compte' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(messages.signup.error);
  },
};

async function reachStep2(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await fillStep1(canvas);
  await next(canvas);
  return canvas;
}

/**
 * Three characters typed, the suggestions after the 300 ms pause, one picked: step 2 is filled
 * from it (the list closes, so the page is audited as the person sees it next).
 */
export const EstablishmentPicked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachStep2(canvasElement);
    await userEvent.type(
      await canvas.findByRole('combobox', { name: /Rechercher votre établissement/ }),
      'Bis',
    );
    const body = within(canvasElement.ownerDocument.body);
    const [first] = sampleEstablishments;
    if (first === undefined) throw new Error('no story establishment');
    await userEvent.click(
      await body.findByRole('option', { name: new RegExp(first.name) }, { timeout: 3000 }),
    );
    await expect(canvas.getByLabelText(labels.restaurantName)).toHaveValue(first.name);
  },
};

/** No places service (REQUEST_DENIED): the search gives way to manual entry, saying so. */
export const EstablishmentManualEntry: Story = {
  decorators: [
    withServices({
      path: '/signup',
      answers: {
        'GET /api/google-places/search': () =>
          json(
            { error: 'REQUEST_DENIED', message: messages.establishmentSearch.notConfigured },
            503,
          ),
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = await reachStep2(canvasElement);
    await userEvent.type(
      await canvas.findByRole('combobox', { name: /Rechercher votre établissement/ }),
      'Bis',
    );
    await expect(
      await canvas.findByText(messages.establishmentSearch.notConfigured, {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

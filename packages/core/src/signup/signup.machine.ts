import { assertEvent, assign, not, setup } from 'xstate';
import { messageFor } from '../api/feature-errors.ts';
import { cityFromAddress } from '../domain/addresses.ts';
import { messages } from '../domain/messages.ts';
import {
  isSignupStepValid,
  toSignupPayload,
  type SignupPayload,
  type SignupValues,
} from '../domain/validation/signup.ts';
import type { Establishment } from '../establishment-search/establishment-search.types.ts';
import { notProvided } from '../machine-kit.ts';
import type { SignupContext, SignupEvent } from './signup.types.ts';

/** docs/product.md#signup-wizard: the success panel shows 2 s before going to /login. */
export const SIGNUP_REDIRECT_DELAY_MS = 2000;

export const emptySignupValues: SignupValues = {
  email: '',
  password: '',
  confirmPassword: '',
  restaurantName: '',
  address: '',
  ownerName: '',
  phone: '',
  city: '',
  cuisineType: '',
  heardFrom: '',
};

/**
 * What a picked establishment fills in on step 2 (send it with `signup.fill`): its name, address,
 * and the phone and city it gives; a typed phone or city stays when it gives none.
 */
export function signupValuesFromEstablishment(establishment: Establishment): Partial<SignupValues> {
  const city = cityFromAddress(establishment.address);
  return {
    restaurantName: establishment.name,
    address: establishment.address,
    ...(establishment.phone ? { phone: establishment.phone } : {}),
    ...(city === null ? {} : { city }),
  };
}

/**
 * The server's own words when it sent some (e.g. an email already in use), else the catalogue's
 * (docs/product.md#feature-errors).
 */
function signupErrorMessage(error: unknown): string {
  return messageFor(error, { fallback: { serverMessageOr: messages.signup.error } });
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    register: notProvided<void, SignupPayload>('register'),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    change: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'signup.change');
        return { ...context.values, [event.field]: event.value };
      },
    }),
    fill: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'signup.fill');
        return { ...context.values, ...event.values };
      },
    }),
    clearError: assign({ error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
  guards: {
    isStep1Valid: ({ context }) => isSignupStepValid(1, context.values),
    isStep2Valid: ({ context }) => isSignupStepValid(2, context.values),
  },
  delays: {
    redirectDelay: SIGNUP_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'signup',
  context: { values: emptySignupValues, error: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'step1',
      on: {
        'signup.change': { actions: 'change' },
        'signup.fill': { actions: 'fill' },
      },
      states: {
        step1: {
          on: {
            'signup.next': {
              guard: 'isStep1Valid',
              target: 'step2',
              actions: 'clearError',
            },
          },
        },
        step2: {
          on: {
            'signup.next': {
              guard: 'isStep2Valid',
              target: 'step3',
              actions: 'clearError',
            },
            'signup.back': { target: 'step1', actions: 'clearError' },
          },
        },
        step3: {
          on: {
            'signup.back': { target: 'step2', actions: 'clearError' },
            'signup.submit': [
              {
                guard: not('isStep1Valid'),
                actions: {
                  type: 'showError',
                  params: { message: messages.signup.step1Incomplete },
                },
              },
              {
                guard: not('isStep2Valid'),
                actions: {
                  type: 'showError',
                  params: { message: messages.signup.step2Incomplete },
                },
              },
              { target: '#signup.submitting', actions: 'clearError' },
            ],
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'register',
        input: ({ context }) => toSignupPayload(context.values),
        onDone: { target: 'success' },
        onError: {
          target: '#signup.editing.step3',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ message: signupErrorMessage(event.error) }),
          },
        },
      },
    },
    success: {
      after: {
        redirectDelay: {
          target: 'done',
          actions: { type: 'navigate', params: { to: '/login' } },
        },
      },
    },
    done: { type: 'final' },
  },
});

import { assertEvent, assign, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import {
  validatePasswordChange,
  type PasswordChangeValues,
} from '../domain/validation/password.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import { passwordChangeErrorMessage } from './password.rules.ts';
import type { PasswordContext, PasswordEvent } from './password.types.ts';

const emptyForm: PasswordChangeValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
  },
  actors: {
    changePassword: notProvided<void, PasswordChangeValues>('changePassword'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
    resetForm: assign({ form: emptyForm, fieldErrors: {}, error: null }),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'password.change');
        return { ...context.form, [event.field]: event.value };
      },
    }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => {
        const result = validatePasswordChange(context.form);
        return result.success ? {} : result.errors;
      },
    }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    showError: assign({
      error: (_, params: { error: unknown }) => passwordChangeErrorMessage(params.error),
    }),
  },
  guards: {
    isFormValid: ({ context }) => validatePasswordChange(context.form).success,
  },
}).createMachine({
  id: 'password',
  context: { form: emptyForm, fieldErrors: {}, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'password.open': { target: 'editing', actions: 'resetForm' } } },
    editing: {
      on: {
        'password.change': { actions: 'changeField' },
        'password.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
        'password.cancel': { target: 'closed', actions: 'resetForm' },
      },
    },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.form,
        onDone: {
          target: 'closed',
          actions: [
            'resetForm',
            {
              type: 'notify',
              params: { type: 'success', message: messages.password.changeSuccess },
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

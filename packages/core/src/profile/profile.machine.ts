import { assertEvent, assign, not, setup } from 'xstate';
import type { AuthUser } from '../auth/auth.types.ts';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import { toProfilePayload, validateProfile } from '../domain/validation/profile.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import {
  isReadOnlyProfileField,
  profileFieldErrorsOf,
  profileFormOf,
  profileUpdateErrorMessage,
} from './profile.rules.ts';
import type {
  ProfileContext,
  ProfileEvent,
  ProfileOverview,
  ProfileUpdate,
} from './profile.types.ts';

const emptyForm = {
  first_name: '',
  last_name: '',
  email: '',
  shop_domain: '',
  phone: '',
  company_name: '',
};

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    fetchProfile: notProvided<ProfileOverview>('fetchProfile'),
    updateProfile: notProvided<AuthUser, ProfileUpdate>('updateProfile'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
    /** Tells the rest of the app (the auth actor's `user.updated`) about the saved details. */
    announceUser: (_, _params: { user: AuthUser }) => {},
    startEditing: assign(({ context }) => ({
      form: context.user === null ? emptyForm : profileFormOf(context.user),
      fieldErrors: {},
      saveError: null,
    })),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'profile.change');
        return { ...context.form, [event.field]: event.value };
      },
    }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => {
        const result = validateProfile(context.form);
        return result.success ? {} : result.errors;
      },
    }),
    clearErrors: assign({ fieldErrors: {}, saveError: null }),
    showSaveError: assign((_, params: { error: unknown }) => ({
      saveError: profileUpdateErrorMessage(params.error),
      fieldErrors: profileFieldErrorsOf(params.error),
    })),
  },
  guards: {
    isFormValid: ({ context }) => validateProfile(context.form).success,
    isReadOnlyField: ({ event }) => {
      assertEvent(event, 'profile.change');
      return isReadOnlyProfileField(event.field);
    },
  },
}).createMachine({
  id: 'profile',
  context: {
    user: null,
    subscription: null,
    loadError: null,
    form: emptyForm,
    fieldErrors: {},
    saveError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'viewing',
          actions: assign({
            user: ({ event }) => event.output.user,
            subscription: ({ event }) => event.output.subscription,
          }),
        },
        onError: { target: 'failed', actions: assign({ loadError: messages.profile.loadError }) },
      },
    },
    failed: { on: { 'profile.reload': 'loading' } },
    viewing: {
      on: {
        'profile.edit': { target: 'editing', actions: 'startEditing' },
        'profile.reload': 'loading',
      },
    },
    editing: {
      on: {
        'profile.change': { guard: not('isReadOnlyField'), actions: 'changeField' },
        'profile.save': [
          { guard: 'isFormValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
        'profile.cancel': { target: 'viewing', actions: 'clearErrors' },
      },
    },
    saving: {
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        // docs/product.md#profile-form: values trimmed, empty fields dropped.
        input: ({ context }) => toProfilePayload(context.form),
        onDone: {
          target: 'viewing',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'announceUser', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'notify',
              params: { type: 'success', message: messages.profile.updateSuccess },
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

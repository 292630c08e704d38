import { and, assertEvent, assign, not, raise, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import { validateLicenceForm } from '../domain/validation/licence.ts';
import { notProvided } from '../machine-kit.ts';
import type { AppNotification } from '../notifications/notifications.types.ts';
import { addLicenceBlockedReason, licenceErrorMessage } from './licences.rules.ts';
import type {
  Licence,
  LicenceSave,
  LicencesContext,
  LicencesEvent,
  LicencesOverview,
} from './licences.types.ts';

const emptyForm = { custom_domain: '', shop_domain: '' };

/** The payload of a valid form (the guard let only valid forms reach the saving states). */
function payloadOf(context: LicencesContext) {
  const result = validateLicenceForm(context.form);
  if (!result.success) throw new Error('licencesMachine: saving an invalid form');
  return result.output;
}

export const licencesMachine = setup({
  types: {
    context: {} as LicencesContext,
    events: {} as LicencesEvent,
  },
  actors: {
    fetchLicences: notProvided<LicencesOverview>('fetchLicences'),
    createLicence: notProvided<Licence, LicenceSave>('createLicence'),
    updateLicence: notProvided<Licence, LicenceSave>('updateLicence'),
    deleteLicence: notProvided<void, { _id: string }>('deleteLicence'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
    openCreateForm: assign({ editing: null, form: emptyForm, fieldErrors: {}, modalError: null }),
    openEditForm: assign(({ event }) => {
      assertEvent(event, 'licence.edit');
      return {
        editing: event.licence,
        form: {
          custom_domain: event.licence.custom_domain,
          shop_domain: event.licence.shop_domain,
        },
        fieldErrors: {},
        modalError: null,
      };
    }),
    askDeleteConfirmation: assign(({ event }) => {
      assertEvent(event, 'licence.delete');
      return { deleting: event.licence, modalError: null };
    }),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'licence.change');
        return { ...context.form, [event.field]: event.value };
      },
    }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => {
        const result = validateLicenceForm(context.form);
        return result.success ? {} : result.errors;
      },
    }),
    clearErrors: assign({ fieldErrors: {}, modalError: null }),
    showModalError: assign({
      modalError: (_, params: { error: unknown }) => licenceErrorMessage(params.error),
    }),
    resetModal: assign({
      editing: null,
      deleting: null,
      form: emptyForm,
      fieldErrors: {},
      modalError: null,
    }),
  },
  guards: {
    isAddBlocked: ({ context }) => addLicenceBlockedReason(context) !== null,
    isFormValid: ({ context }) => validateLicenceForm(context.form).success,
    isEditMode: ({ context }) => context.editing !== null,
  },
}).createMachine({
  id: 'licences',
  type: 'parallel',
  context: {
    licences: [],
    usage: null,
    subscription: null,
    latestVersion: null,
    loadError: null,
    form: emptyForm,
    fieldErrors: {},
    editing: null,
    deleting: null,
    modalError: null,
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ loadError: null }),
          invoke: {
            id: 'fetchLicences',
            src: 'fetchLicences',
            onDone: {
              target: 'ready',
              actions: assign({
                licences: ({ event }) => event.output.licences,
                usage: ({ event }) => event.output.usage,
                subscription: ({ event }) => event.output.subscription ?? null,
                latestVersion: ({ event }) => event.output.latestVersion ?? null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ loadError: messages.licences.loadError }),
            },
          },
        },
        ready: { on: { 'licences.reload': 'loading' } },
        failed: { on: { 'licences.reload': 'loading' } },
      },
    },
    modal: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            // docs/product.md#licences-tab: adding is refused at the limit and without a
            // subscription giving access (the view then shows why, `selectAddBlockedReason`).
            'licence.add': {
              guard: not('isAddBlocked'),
              target: 'form',
              actions: 'openCreateForm',
            },
            'licence.edit': { target: 'form', actions: 'openEditForm' },
            'licence.delete': { target: 'confirmingDelete', actions: 'askDeleteConfirmation' },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'licence.change': { actions: 'changeField' },
                'licence.submit': [
                  {
                    guard: and(['isFormValid', 'isEditMode']),
                    target: 'updating',
                    actions: 'clearErrors',
                  },
                  { guard: 'isFormValid', target: 'creating', actions: 'clearErrors' },
                  { actions: 'showFieldErrors' },
                ],
                'licence.cancel': { target: '#licences.modal.closed', actions: 'resetModal' },
              },
            },
            // While saving, submit, change and cancel are refused.
            creating: {
              invoke: {
                id: 'createLicence',
                src: 'createLicence',
                input: ({ context }) => ({ mode: 'create' as const, values: payloadOf(context) }),
                onDone: {
                  target: '#licences.modal.closed',
                  actions: [
                    {
                      type: 'notify',
                      params: { type: 'success', message: messages.licences.created },
                    },
                    'resetModal',
                    // docs/product.md#licences-tab: list and usage are reloaded after each change.
                    raise({ type: 'licences.reload' }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'showModalError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            updating: {
              invoke: {
                id: 'updateLicence',
                src: 'updateLicence',
                input: ({ context }) => ({
                  mode: 'edit' as const,
                  _id: context.editing?._id ?? '',
                  values: payloadOf(context),
                }),
                onDone: {
                  target: '#licences.modal.closed',
                  actions: [
                    {
                      type: 'notify',
                      params: { type: 'success', message: messages.licences.updated },
                    },
                    'resetModal',
                    // docs/product.md#licences-tab: list and usage are reloaded after each change.
                    raise({ type: 'licences.reload' }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'showModalError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
          },
        },
        confirmingDelete: {
          initial: 'asking',
          states: {
            asking: {
              on: {
                'licence.confirmDelete': { target: 'deleting', actions: 'clearErrors' },
                'licence.cancel': { target: '#licences.modal.closed', actions: 'resetModal' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteLicence',
                src: 'deleteLicence',
                input: ({ context }) => ({ _id: context.deleting?._id ?? '' }),
                onDone: {
                  target: '#licences.modal.closed',
                  actions: [
                    {
                      type: 'notify',
                      params: { type: 'success', message: messages.licences.deleted },
                    },
                    'resetModal',
                    // docs/product.md#licences-tab: list and usage are reloaded after each change.
                    raise({ type: 'licences.reload' }),
                  ],
                },
                onError: {
                  target: 'asking',
                  actions: {
                    type: 'showModalError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

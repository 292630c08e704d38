import { assertEvent, assign, enqueueActions, raise, setup } from 'xstate';
import { messages } from '../../domain/messages.ts';
import { notProvided } from '../../machine-kit.ts';
import type { AppNotification } from '../../notifications/notifications.types.ts';
import {
  SEARCH_MAX,
  actionFormErrors,
  actionPayload,
  adminLicenceErrorMessage,
  isConflict,
  serverFieldErrors,
} from './admin-licences.rules.ts';
import type {
  AdminLicence,
  AdminLicenceAction,
  AdminLicenceActionForm,
  AdminLicenceActionResult,
  AdminLicencePage,
  AdminLicencesContext,
  AdminLicencesEvent,
} from './admin-licences.types.ts';

const emptyForm: AdminLicenceActionForm = {
  reason: '',
  shop_domain: '',
  custom_domain: '',
  customer_id: '',
};

/**
 * The back office's Licences screen (docs/statecharts.md, `adminLicencesMachine`): the search and
 * its pages, the licence looked up, and one action at a time in a dialog, each with a reason. Every
 * write names the version the admin read; a 409 keeps the dialog and what was typed, and reads the
 * licence again, so the admin sees the state another admin left before deciding anew.
 */
export const adminLicencesMachine = setup({
  types: {
    context: {} as AdminLicencesContext,
    events: {} as AdminLicencesEvent,
    /** A search to start with (a customer's page links to `/admin/licences?q=<shop>`). */
    input: {} as { q?: string | undefined } | undefined,
  },
  actors: {
    searchLicences: notProvided<AdminLicencePage, { q: string; page: number }>('searchLicences'),
    fetchLicence: notProvided<AdminLicence, { id: string }>('fetchLicence'),
    actOnLicence: notProvided<AdminLicenceActionResult, AdminLicenceAction>('actOnLicence'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
  },
  guards: {
    searchIsValid: ({ context }) => context.query.trim().length <= SEARCH_MAX,
    actionIsValid: ({ context }) =>
      context.action !== null &&
      Object.keys(actionFormErrors(context.action, context.form)).length === 0,
    // Suspend, reinstate, transfer and delete act on the licence shown; create needs none.
    canStart: ({ context, event }) => {
      assertEvent(event, 'action.start');
      if (event.kind === 'create') return true;
      if (context.selected === null) return false;
      const suspended = context.selected.suspended_at != null;
      if (event.kind === 'suspend') return !suspended;
      if (event.kind === 'reinstate') return suspended;
      return true;
    },
  },
}).createMachine({
  id: 'adminLicences',
  type: 'parallel',
  context: ({ input }) => {
    const query = input?.q ?? '';
    const valid = query.trim().length <= SEARCH_MAX;
    return {
      query,
      searched: valid ? query.trim() : '',
      searchError: valid ? null : messages.admin.searchTooLong,
      page: 1,
      list: null,
      listError: null,
      selected: null,
      selectedId: null,
      detailError: null,
      action: null,
      form: emptyForm,
      fieldErrors: {},
      actionError: null,
    };
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'search.change': {
          actions: assign({
            query: ({ event }) => event.value,
            searchError: null,
          }),
        },
        'search.submit': [
          {
            guard: 'searchIsValid',
            target: '.loading',
            actions: assign({ searched: ({ context }) => context.query.trim(), page: 1 }),
          },
          { actions: assign({ searchError: messages.admin.searchTooLong }) },
        ],
        'page.go': {
          target: '.loading',
          actions: assign({ page: ({ event }) => Math.max(1, event.page) }),
        },
        'list.reload': '.loading',
      },
      states: {
        loading: {
          entry: assign({ listError: null }),
          invoke: {
            src: 'searchLicences',
            input: ({ context }) => ({ q: context.searched, page: context.page }),
            onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ listError: messages.admin.licences.loadError }),
            },
          },
        },
        ready: {},
        failed: {},
      },
    },
    detail: {
      initial: 'none',
      on: {
        'licence.open': {
          target: '.loading',
          actions: assign({ selectedId: ({ event }) => event.id, selected: null }),
        },
        'licence.close': {
          target: '.none',
          actions: assign({ selectedId: null, selected: null, detailError: null }),
        },
      },
      states: {
        none: {},
        loading: {
          entry: assign({ detailError: null }),
          invoke: {
            src: 'fetchLicence',
            input: ({ context }) => ({ id: context.selectedId ?? '' }),
            onDone: { target: 'shown', actions: assign({ selected: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({
                detailError: ({ event }) => adminLicenceErrorMessage(event.error),
              }),
            },
          },
        },
        shown: { on: { 'licence.reload': 'loading' } },
        failed: { on: { 'licence.reload': 'loading' } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'action.start': {
              guard: 'canStart',
              target: 'open',
              actions: assign(({ context, event }) => ({
                action: event.kind,
                // A new licence goes, by default, to the customer of the licence shown.
                form: {
                  ...emptyForm,
                  customer_id: event.kind === 'create' ? (context.selected?.customer_id ?? '') : '',
                },
                fieldErrors: {},
                actionError: null,
              })),
            },
          },
        },
        open: {
          initial: 'editing',
          on: {
            'action.cancel': {
              target: 'closed',
              actions: assign({
                action: null,
                form: emptyForm,
                fieldErrors: {},
                actionError: null,
              }),
            },
          },
          states: {
            editing: {
              on: {
                'action.change': {
                  actions: assign({
                    form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
                    fieldErrors: ({ context, event }) => ({
                      ...context.fieldErrors,
                      [event.field]: undefined,
                    }),
                  }),
                },
                'action.submit': [
                  {
                    guard: 'actionIsValid',
                    target: 'sending',
                    actions: assign({ fieldErrors: {}, actionError: null }),
                  },
                  {
                    actions: assign({
                      fieldErrors: ({ context }) =>
                        context.action === null
                          ? {}
                          : actionFormErrors(context.action, context.form),
                    }),
                  },
                ],
              },
            },
            // Sending: cancel, change and submit wait for the answer.
            sending: {
              on: { 'action.cancel': {} },
              invoke: {
                src: 'actOnLicence',
                input: ({ context }) => ({
                  kind: context.action ?? 'suspend',
                  licence: context.action === 'create' ? null : context.selected,
                  values: actionPayload(context.form),
                }),
                onDone: {
                  target: '#adminLicences.dialog.closed',
                  actions: [
                    {
                      type: 'notify',
                      params: ({ event }) => ({ type: 'success', message: event.output.message }),
                    },
                    enqueueActions(({ context, event, enqueue }) => {
                      const licence = event.output.licence;
                      enqueue.assign({
                        action: null,
                        form: emptyForm,
                        fieldErrors: {},
                        actionError: null,
                      });
                      // What the server answered is the licence now; a deleted one is gone, a
                      // new one is shown.
                      if (licence === null) enqueue.raise({ type: 'licence.close' });
                      else if (context.action === 'create')
                        enqueue.raise({ type: 'licence.open', id: licence._id });
                      else enqueue.assign({ selected: licence });
                    }),
                    raise({ type: 'list.reload' }),
                  ],
                },
                onError: [
                  {
                    // Another admin acted first: nothing was done, what was typed stays, and the
                    // licence shown is read again.
                    guard: ({ context, event }) =>
                      context.action !== 'create' && isConflict(event.error),
                    target: 'editing',
                    actions: [
                      assign({
                        actionError: ({ event }) =>
                          `${adminLicenceErrorMessage(event.error)} ${messages.admin.licences.reloaded}`,
                      }),
                      raise({ type: 'licence.reload' }),
                      raise({ type: 'list.reload' }),
                    ],
                  },
                  {
                    target: 'editing',
                    actions: assign({
                      fieldErrors: ({ event }) => serverFieldErrors(event.error),
                      actionError: ({ event }) => adminLicenceErrorMessage(event.error),
                    }),
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

import { assign, raise, setup } from 'xstate';
import { messages } from '../../domain/messages.ts';
import { notProvided } from '../../machine-kit.ts';
import type { AppNotification } from '../../notifications/notifications.types.ts';
import {
  publishErrorMessage,
  publishFieldErrors,
  publishFormErrors,
} from './admin-releases.rules.ts';
import type {
  AdminRelease,
  AdminReleasesContext,
  AdminReleasesEvent,
  Publication,
  Published,
} from './admin-releases.types.ts';

const emptyForm = { version: '', notes: '' };

/**
 * The back office's Versions screen (docs/statecharts.md, `adminReleasesMachine`): the releases
 * with their downloads and the shops running each, and the publication of a version. A refusal
 * keeps every field and the archive chosen.
 */
export const adminReleasesMachine = setup({
  types: {
    context: {} as AdminReleasesContext,
    events: {} as AdminReleasesEvent,
  },
  actors: {
    fetchReleases: notProvided<AdminRelease[]>('fetchReleases'),
    publishRelease: notProvided<Published, Publication>('publishRelease'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
  },
  guards: {
    formIsValid: ({ context }) =>
      Object.keys(publishFormErrors(context.form, context.archive)).length === 0,
  },
}).createMachine({
  id: 'adminReleases',
  type: 'parallel',
  context: {
    releases: [],
    loadError: null,
    form: emptyForm,
    archive: null,
    fieldErrors: {},
    publishError: null,
    published: null,
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'releases.reload': '.loading' },
      states: {
        loading: {
          entry: assign({ loadError: null }),
          invoke: {
            src: 'fetchReleases',
            onDone: { target: 'ready', actions: assign({ releases: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ loadError: messages.admin.releases.loadError }),
            },
          },
        },
        ready: {},
        failed: {},
      },
    },
    publication: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'publish.change': {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
                fieldErrors: ({ context, event }) => ({
                  ...context.fieldErrors,
                  [event.field]: undefined,
                }),
              }),
            },
            'publish.archive': {
              actions: assign({
                archive: ({ event }) => event.archive,
                fieldErrors: ({ context }) => ({ ...context.fieldErrors, archive: undefined }),
              }),
            },
            'publish.submit': [
              {
                guard: 'formIsValid',
                target: 'publishing',
                actions: assign({ fieldErrors: {}, publishError: null, published: null }),
              },
              {
                actions: assign({
                  fieldErrors: ({ context }) => publishFormErrors(context.form, context.archive),
                }),
              },
            ],
          },
        },
        // The server runs Theme Check on the archive: the fields wait for its answer.
        publishing: {
          invoke: {
            src: 'publishRelease',
            input: ({ context }) => ({
              version: context.form.version.trim(),
              notes: context.form.notes.trim(),
              archive: context.archive as File,
            }),
            onDone: {
              target: 'editing',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({ type: 'success', message: event.output.message }),
                },
                assign({
                  published: ({ event }) => event.output,
                  form: emptyForm,
                  archive: null,
                }),
                raise({ type: 'releases.reload' }),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({
                fieldErrors: ({ event }) => publishFieldErrors(event.error),
                publishError: ({ event }) => publishErrorMessage(event.error),
              }),
            },
          },
        },
      },
    },
  },
});

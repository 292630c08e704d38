import { assign, setup } from 'xstate';
import { messages } from '../domain/messages.ts';
import { notProvided } from '../machine-kit.ts';
import type {
  ThemeReleasesContext,
  ThemeReleasesEvent,
  ThemeReleasesOverview,
} from './theme-releases.types.ts';

/**
 * The 'Thème' tab's list (docs/product.md#themes-tab): the theme's releases, newest first, and
 * the licences whose shops report the version they run (the update notice).
 */
export const themeReleasesMachine = setup({
  types: {
    context: {} as ThemeReleasesContext,
    events: {} as ThemeReleasesEvent,
  },
  actors: {
    fetchReleases: notProvided<ThemeReleasesOverview>('fetchReleases'),
  },
}).createMachine({
  id: 'themeReleases',
  context: { theme: null, licences: [], loadError: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchReleases',
        src: 'fetchReleases',
        onDone: {
          target: 'ready',
          actions: assign({
            theme: ({ event }) => event.output.theme,
            licences: ({ event }) => event.output.licences,
          }),
        },
        onError: { target: 'failed', actions: assign({ loadError: messages.themeTab.loadError }) },
      },
    },
    failed: { on: { 'releases.reload': 'loading' } },
    ready: { on: { 'releases.reload': 'loading' } },
  },
});

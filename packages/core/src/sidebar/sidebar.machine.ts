import { assertEvent, assign, not, raise, setup } from 'xstate';
import {
  MOBILE_BREAKPOINT_PX,
  RESIZE_DEBOUNCE_MS,
  type SidebarContext,
  type SidebarEvent,
  type SidebarInput,
} from './sidebar.types.ts';

/**
 * The application frame's one sidebar (the shell's, holding the dashboard's section): expanded
 * or collapsed on desktop, an overlay on mobile, and the user menu. Only the desktop open state
 * is remembered (docs/product.md#dashboard-sidebar).
 */
export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent,
    input: {} as SidebarInput,
  },
  actions: {
    rememberOpenState: (_, _params: { open: boolean }) => {},
    keepPendingWidth: assign({
      pendingWidth: ({ event }) => {
        assertEvent(event, 'viewport.resize');
        return event.width;
      },
    }),
  },
  guards: {
    isMobileWidth: ({ context }) => context.viewportWidth < MOBILE_BREAKPOINT_PX,
    wasCollapsed: () => false,
  },
  delays: { resizeDebounce: RESIZE_DEBOUNCE_MS },
}).createMachine({
  id: 'sidebar',
  type: 'parallel',
  context: ({ input }) => ({
    viewportWidth: input.viewportWidth,
    pendingWidth: input.viewportWidth,
  }),
  states: {
    layout: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'isMobileWidth', target: 'mobile' }, { target: 'desktop' }],
        },
        desktop: {
          initial: 'restoring',
          on: {
            'viewport.settled': { guard: 'isMobileWidth', target: 'mobile' },
          },
          states: {
            restoring: {
              always: [{ guard: 'wasCollapsed', target: 'collapsed' }, { target: 'expanded' }],
            },
            expanded: {
              on: {
                'sidebar.toggle': {
                  target: 'collapsed',
                  actions: { type: 'rememberOpenState', params: { open: false } },
                },
                'sidebar.close': {
                  target: 'collapsed',
                  actions: { type: 'rememberOpenState', params: { open: false } },
                },
              },
            },
            collapsed: {
              on: {
                'sidebar.toggle': {
                  target: 'expanded',
                  actions: { type: 'rememberOpenState', params: { open: true } },
                },
                'sidebar.open': {
                  target: 'expanded',
                  actions: { type: 'rememberOpenState', params: { open: true } },
                },
              },
            },
          },
        },
        mobile: {
          // The overlay starts closed so it never hides the page on arrival.
          initial: 'closed',
          on: {
            'viewport.settled': {
              guard: not('isMobileWidth'),
              target: 'desktop',
            },
          },
          states: {
            closed: { on: { 'sidebar.toggle': 'open', 'sidebar.open': 'open' } },
            open: {
              on: {
                'sidebar.toggle': 'closed',
                'sidebar.close': 'closed',
                'sidebar.chosen': 'closed',
              },
            },
          },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: { on: { 'menu.toggle': 'open' } },
        open: { on: { 'menu.toggle': 'closed', 'menu.close': 'closed' } },
      },
    },
    resize: {
      initial: 'idle',
      states: {
        idle: { on: { 'viewport.resize': { target: 'settling', actions: 'keepPendingWidth' } } },
        settling: {
          on: {
            // Each new width restarts the quiet period (docs/product.md#dashboard-sidebar: 150 ms
            // debounce).
            'viewport.resize': { target: 'settling', reenter: true, actions: 'keepPendingWidth' },
          },
          after: {
            resizeDebounce: {
              target: 'idle',
              actions: [
                assign({ viewportWidth: ({ context }) => context.pendingWidth }),
                raise({ type: 'viewport.settled' }),
              ],
            },
          },
        },
      },
    },
  },
});

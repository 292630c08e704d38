import { assign, setup } from 'xstate';
import type { components } from '../../api/schema.gen.ts';
import { messages } from '../../domain/messages.ts';
import { notProvided } from '../../machine-kit.ts';

export type Indicators = components['schemas']['Indicators'];

export interface AdminIndicatorsContext {
  indicators: Indicators | null;
  loadError: string | null;
}

export type AdminIndicatorsEvent = { type: 'indicators.reload' };

/**
 * The back office's Indicateurs screen (docs/statecharts.md, `adminIndicatorsMachine`): the
 * business's figures as the server computes them at its clock; read again on demand, the last
 * figures staying on screen meanwhile.
 */
export const adminIndicatorsMachine = setup({
  types: {
    context: {} as AdminIndicatorsContext,
    events: {} as AdminIndicatorsEvent,
  },
  actors: {
    fetchIndicators: notProvided<Indicators>('fetchIndicators'),
  },
}).createMachine({
  id: 'adminIndicators',
  initial: 'loading',
  context: { indicators: null, loadError: null },
  on: { 'indicators.reload': '.loading' },
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        src: 'fetchIndicators',
        onDone: { target: 'ready', actions: assign({ indicators: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ loadError: messages.admin.indicators.loadError }),
        },
      },
    },
    ready: {},
    failed: {},
  },
});

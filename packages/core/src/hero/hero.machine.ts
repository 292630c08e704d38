import { assign, setup } from 'xstate';
import {
  HERO_COUNT_STEP_MS,
  HERO_COUNT_STEPS,
  HERO_WORD_INTERVAL_MS,
  heroWords,
} from '../domain/landing.ts';
import type { HeroContext, HeroInput } from './hero.types.ts';

/** docs/product.md#landing-page: rotating title words and statistics counting up, side by side. */
export const heroMachine = setup({
  types: {
    context: {} as HeroContext,
    input: {} as HeroInput | undefined,
  },
  actions: {
    nextWord: assign({ wordIndex: ({ context }) => (context.wordIndex + 1) % heroWords.length }),
    advanceCount: assign({ countStep: ({ context }) => context.countStep + 1 }),
    finishCount: assign({ countStep: HERO_COUNT_STEPS }),
  },
  guards: {
    // Not rotated by the flow: motion is reduced, or the stylesheet rotates them.
    keepsItsWords: ({ context }) => context.reducedMotion || context.wordsRotateInCss,
    // Counting once means not counting again what a prerendered page already shows.
    hasNothingToCount: ({ context }) => context.reducedMotion || context.statisticsShown,
    isCountFinished: ({ context }) => context.countStep >= HERO_COUNT_STEPS,
  },
  delays: {
    wordInterval: HERO_WORD_INTERVAL_MS,
    countStep: HERO_COUNT_STEP_MS,
  },
}).createMachine({
  id: 'hero',
  context: ({ input }) => ({
    reducedMotion: input?.reducedMotion ?? false,
    statisticsShown: input?.statisticsShown ?? false,
    wordsRotateInCss: input?.wordsRotateInCss ?? false,
    wordIndex: 0,
    countStep: 0,
  }),
  type: 'parallel',
  states: {
    words: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'keepsItsWords', target: 'still' }, { target: 'rotating' }],
        },
        rotating: {
          after: { wordInterval: { target: 'rotating', reenter: true, actions: 'nextWord' } },
        },
        still: {},
      },
    },
    statistics: {
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'hasNothingToCount', target: 'done', actions: 'finishCount' },
            { target: 'counting' },
          ],
        },
        counting: {
          always: { guard: 'isCountFinished', target: 'done' },
          after: { countStep: { target: 'counting', reenter: true, actions: 'advanceCount' } },
        },
        done: {},
      },
    },
  },
});

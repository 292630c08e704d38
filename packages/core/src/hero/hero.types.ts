import type { HeroStatisticId } from '../domain/landing.ts';

export interface HeroInput {
  /** The visitor asked for less motion: final values at once, no rotation. */
  reducedMotion?: boolean;
  /**
   * The statistics are already on screen at their final values (a prerendered page being
   * hydrated): they stay there instead of dropping to 0 and counting again.
   */
  statisticsShown?: boolean;
  /**
   * The words rotate in the stylesheet from the first paint (a prerendered page, and its
   * hydration): the flow keeps the first word and runs no timer for them.
   */
  wordsRotateInCss?: boolean;
}

export interface HeroContext {
  reducedMotion: boolean;
  statisticsShown: boolean;
  wordsRotateInCss: boolean;
  wordIndex: number;
  /** 0 to HERO_COUNT_STEPS. */
  countStep: number;
}

export interface HeroStatisticView {
  id: HeroStatisticId;
  label: string;
  value: number;
  /** French display, e.g. '4,9/5'. */
  text: string;
}

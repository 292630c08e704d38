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
   * How long the first word has already been on screen (a prerendered page hydrated after it was
   * shown): it gives way after what is left of its interval, at once if that is spent.
   */
  wordShownMs?: number;
}

export interface HeroContext {
  reducedMotion: boolean;
  statisticsShown: boolean;
  wordShownMs: number;
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

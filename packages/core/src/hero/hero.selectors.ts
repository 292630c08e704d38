import type { SnapshotFrom } from 'xstate';
import { formatNumber } from '../domain/formatting.ts';
import { HERO_COUNT_STEPS, heroStatistics, heroWords } from '../domain/landing.ts';
import type { heroMachine } from './hero.machine.ts';
import type { HeroStatisticView } from './hero.types.ts';

type Snapshot = SnapshotFrom<typeof heroMachine>;

export const selectHeroWord = (snapshot: Snapshot): string =>
  heroWords[snapshot.context.wordIndex] ?? heroWords[0];

/** Each statistic at the current step of its count, rounded to its decimals. */
export function selectHeroStatistics(snapshot: Snapshot): HeroStatisticView[] {
  const progress = snapshot.context.countStep / HERO_COUNT_STEPS;
  return heroStatistics.map(({ id, label, target, decimals, suffix }) => {
    const factor = 10 ** decimals;
    const value = Math.round(target * progress * factor) / factor;
    return { id, label, value, text: `${formatNumber(value, decimals)}${suffix}` };
  });
}

export const selectIsCounting = (snapshot: Snapshot) =>
  snapshot.matches({ statistics: 'counting' });

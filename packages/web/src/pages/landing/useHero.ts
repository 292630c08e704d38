import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { selectHeroStatistics, selectHeroWord, type heroMachine } from '@portal/core';
import { useServices } from '../../app/services.tsx';
import type { HeroView } from './HeroSection.tsx';
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildHero } from './landingMachines.ts';

type HeroActor = ActorRefFrom<typeof heroMachine>;
type HeroSnapshot = ReturnType<HeroActor['getSnapshot']>;

const viewOf = (snapshot: HeroSnapshot): HeroView => ({
  word: selectHeroWord(snapshot),
  statistics: selectHeroStatistics(snapshot),
});

/**
 * The hero's rotating word and counting statistics, from core's hero machine. The running machine
 * starts after mount, once the motion preference can be read; until then (and in a prerendered
 * page) the machine's reduced-motion state is shown: first word, final values.
 */
export function useHero(): HeroView {
  const { inspect } = useServices();
  const machine = useScreenMachine('hero', buildHero);
  const still = useMemo(
    () => viewOf(createActor(machine, { input: { reducedMotion: true } }).getSnapshot()),
    [machine],
  );
  const [hero, setHero] = useState<HeroActor | undefined>(undefined);

  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const actor = createActor(machine, { input: { reducedMotion }, inspect });
    actor.start();
    setHero(actor);
    return () => {
      actor.stop();
    };
  }, [machine, inspect]);

  const word = useSelector(hero, (snapshot) => (snapshot ? selectHeroWord(snapshot) : still.word));
  const statistics = useSelector(
    hero,
    (snapshot) => (snapshot ? selectHeroStatistics(snapshot) : still.statistics),
    sameValues,
  );
  return { word, statistics };
}

/** The selector builds new objects each time; equal counts mean nothing to re-render. */
function sameValues(a: readonly { value: number }[], b: readonly { value: number }[]) {
  return a.length === b.length && a.every((stat, index) => stat.value === b[index]?.value);
}

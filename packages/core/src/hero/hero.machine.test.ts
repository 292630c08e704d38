import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, test } from 'vitest';
import { heroMachine } from './hero.machine.ts';
import { selectHeroStatistics, selectHeroWord, selectIsCounting } from './hero.selectors.ts';

function start(reducedMotion?: boolean, statisticsShown?: boolean, wordsRotateInCss?: boolean) {
  const clock = new SimulatedClock();
  const actor = createActor(heroMachine, {
    clock,
    input: { reducedMotion, statisticsShown, wordsRotateInCss },
  }).start();
  return { actor, clock };
}

/** SimulatedClock fires one period per call for a timer that re-arms itself: tick like a real clock. */
function tick(clock: SimulatedClock, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 10) clock.increment(10);
}

const values = (actor: ReturnType<typeof start>['actor']) =>
  selectHeroStatistics(actor.getSnapshot()).map((s) => s.value);

describe('hero', () => {
  test('rotates convertir, séduire, engager, motiver every 3000 ms, then starts over', () => {
    const { actor, clock } = start();
    const seen = [selectHeroWord(actor.getSnapshot())];
    for (let i = 0; i < 4; i += 1) {
      clock.increment(2999);
      expect(selectHeroWord(actor.getSnapshot())).toBe(seen[seen.length - 1]);
      clock.increment(1);
      seen.push(selectHeroWord(actor.getSnapshot()));
    }
    expect(seen).toEqual(['convertir', 'séduire', 'engager', 'motiver', 'convertir']);
  });

  test('statistics count to 4.9, 20 and 98 over 100 steps of 10 ms', () => {
    const { actor, clock } = start();
    expect(values(actor)).toEqual([0, 0, 0]);
    expect(selectIsCounting(actor.getSnapshot())).toBe(true);
    clock.increment(10);
    expect(values(actor)).toEqual([0, 0, 1]);
    tick(clock, 490);
    expect(values(actor)).toEqual([2.5, 10, 49]);
    tick(clock, 490);
    expect(selectIsCounting(actor.getSnapshot())).toBe(true);
    clock.increment(10);
    expect(values(actor)).toEqual([4.9, 20, 98]);
    expect(selectIsCounting(actor.getSnapshot())).toBe(false);
    tick(clock, 1000);
    expect(values(actor)).toEqual([4.9, 20, 98]);
    expect(selectHeroStatistics(actor.getSnapshot()).map((s) => s.text)).toEqual([
      '4,9/5',
      '20k+',
      '98 %',
    ]);
  });

  test('reduced motion shows the final values and the first word, without timers', () => {
    const { actor, clock } = start(true);
    expect(values(actor)).toEqual([4.9, 20, 98]);
    expect(selectIsCounting(actor.getSnapshot())).toBe(false);
    clock.increment(10_000);
    expect(selectHeroWord(actor.getSnapshot())).toBe('convertir');
  });

  test('statistics already shown (prerendered) stay at their final values, the words still rotate', () => {
    const { actor, clock } = start(false, true);
    expect(values(actor)).toEqual([4.9, 20, 98]);
    expect(selectIsCounting(actor.getSnapshot())).toBe(false);
    // Never a drop to 0 and never a second count.
    for (let elapsed = 0; elapsed < 3000; elapsed += 10) {
      clock.increment(10);
      expect(values(actor)).toEqual([4.9, 20, 98]);
    }
    expect(selectHeroWord(actor.getSnapshot())).toBe('séduire');
  });

  test('words the stylesheet rotates (prerendered) stay at the first one: no timer of the flow', () => {
    const { actor, clock } = start(false, true, true);
    expect(selectHeroWord(actor.getSnapshot())).toBe('convertir');
    tick(clock, 10_000);
    expect(selectHeroWord(actor.getSnapshot())).toBe('convertir');
    expect(actor.getSnapshot().matches({ words: 'still' })).toBe(true);
  });
});

import { useMemo } from 'react';
import {
  heroSentence,
  selectHeroStatistics,
  selectHeroWord,
  type HeroStatisticView,
} from '@portal/core';
import { prerenderedShownMs, showsPrerenderedValues } from '../../app/prerendered.ts';
import { HeroProvider, useHeroSelector } from './landingFlows.ts';

export interface HeroView {
  /** The word shown in the title now. */
  word: string;
  /** Each statistic at its current count (final values when motion is reduced). */
  statistics: readonly HeroStatisticView[];
}

export function HeroSection({
  view,
  onCallToAction,
}: {
  view: HeroView;
  onCallToAction: () => void;
}) {
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="landing-hero__title">
        {heroSentence.before}{' '}
        <span className="landing-hero__word" key={view.word}>
          {view.word}
        </span>
        <br />
        {heroSentence.after}
      </h1>
      <p className="landing-hero__lead">
        Un thème pour boutiques en ligne, sans frais mensuels cachés et sans code, avec plus de 120
        fonctionnalités et applications intégrées.
      </p>
      {/* A real in-page link: on the prerendered page it scrolls even before hydration. */}
      <a
        href="#pricing"
        className="ui-button landing-hero__cta"
        data-variant="primary"
        onClick={(event) => {
          event.preventDefault();
          onCallToAction();
        }}
      >
        Voir les tarifs
      </a>
      <dl className="landing-stats">
        {view.statistics.map((stat) => (
          <div key={stat.id} className="landing-stat">
            <dt>{stat.label}</dt>
            <dd>{stat.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The hero over its flow: the word rotates and the statistics count once. Statistics already shown
 * at their final values (the prerendered page, or the prerender itself) are not counted again, and
 * the prerendered page's first word keeps only what is left of its time.
 */
export function LiveHero({ onCallToAction }: { onCallToAction: () => void }) {
  const input = useMemo(
    () => ({
      reducedMotion:
        typeof window !== 'undefined' &&
        window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      statisticsShown: showsPrerenderedValues(),
      wordShownMs: prerenderedShownMs(),
    }),
    [],
  );
  return (
    <HeroProvider input={input}>
      <HeroOverFlow onCallToAction={onCallToAction} />
    </HeroProvider>
  );
}

function HeroOverFlow({ onCallToAction }: { onCallToAction: () => void }) {
  const word = useHeroSelector(selectHeroWord);
  const statistics = useHeroSelector(selectHeroStatistics, sameValues);
  return <HeroSection view={{ word, statistics }} onCallToAction={onCallToAction} />;
}

/** The selector builds new objects each time; equal counts mean nothing to re-render. */
function sameValues(a: readonly { value: number }[], b: readonly { value: number }[]) {
  return a.length === b.length && a.every((stat, index) => stat.value === b[index]?.value);
}

import { useMemo, type CSSProperties } from 'react';
import {
  heroSentence,
  heroStatistics,
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
  /**
   * The statistics show their final values and the stylesheet counts them up (the prerendered
   * page, and its hydration): see `countUpInCss`.
   */
  countsUpInCss?: boolean;
}

/**
 * docs/performance.md, 'Taps before the app': on the prerendered page the statistics count up
 * in CSS (landing.css, `landing-stat-count`), from the first paint and before any script, unless
 * motion is reduced. The figure keeps its final text (what screen readers and a page without
 * animation get); the count is drawn over it, hidden from assistive technologies. Its target is
 * the figure in units of its last decimal.
 */
function countUpInCss(id: HeroStatisticView['id']) {
  const statistic = heroStatistics.find((candidate) => candidate.id === id);
  if (statistic === undefined) return {};
  return {
    'data-count-up': statistic.decimals === 0 ? 'whole' : 'tenths',
    'data-suffix': statistic.suffix,
    style: {
      '--stat-to': Math.round(statistic.target * 10 ** statistic.decimals),
    } as CSSProperties,
  };
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
            <dd {...(view.countsUpInCss ? countUpInCss(stat.id) : {})}>{stat.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The hero over its flow: the word rotates and the statistics count once. Statistics already shown
 * at their final values (the prerendered page, or the prerender itself) are counted by the
 * stylesheet, not by the flow, and the prerendered page's first word keeps only what is left of
 * its time.
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
      <HeroOverFlow onCallToAction={onCallToAction} countsUpInCss={input.statisticsShown} />
    </HeroProvider>
  );
}

function HeroOverFlow({
  onCallToAction,
  countsUpInCss,
}: {
  onCallToAction: () => void;
  countsUpInCss: boolean;
}) {
  const word = useHeroSelector(selectHeroWord);
  const statistics = useHeroSelector(selectHeroStatistics, sameValues);
  return <HeroSection view={{ word, statistics, countsUpInCss }} onCallToAction={onCallToAction} />;
}

/** The selector builds new objects each time; equal counts mean nothing to re-render. */
function sameValues(a: readonly { value: number }[], b: readonly { value: number }[]) {
  return a.length === b.length && a.every((stat, index) => stat.value === b[index]?.value);
}

import { useMemo, type CSSProperties } from 'react';
import {
  HERO_WORD_INTERVAL_MS,
  heroSentence,
  heroStatistics,
  heroWords,
  selectHeroStatistics,
  selectHeroWord,
  type HeroStatisticView,
} from '@portal/core';
import { showsPrerenderedValues } from '../../app/prerendered.ts';
import { HeroProvider, useHeroSelector } from './landingFlows.ts';

export interface HeroView {
  /** The word shown in the title now. */
  word: string;
  /** Each statistic at its current count (final values when motion is reduced). */
  statistics: readonly HeroStatisticView[];
  /**
   * The stylesheet animates the hero (the prerendered page, and its hydration): the words rotate
   * (`RotatingWords`) and the statistics, at their final values, count up (`countUpInCss`).
   */
  animatesInCss?: boolean;
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
        {view.animatesInCss ? (
          <RotatingWords />
        ) : (
          <span className="landing-hero__word" key={view.word}>
            {view.word}
          </span>
        )}
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
            <dd {...(view.animatesInCss ? countUpInCss(stat.id) : {})}>{stat.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * docs/performance.md, 'Taps before the app': on the prerendered page the words rotate in CSS
 * (landing.css, `landing-word-turn`), from the first paint and before any script: all of them in
 * one grid cell, each shown for its interval in turn (the cycle and each word's delay from core's
 * words and interval), the first alone where motion is reduced. The title's text for assistive
 * technologies is the first word's, as the page is read without animation.
 */
function RotatingWords() {
  return (
    <span
      className="landing-hero__word"
      data-rotating=""
      style={
        {
          '--word-interval': `${HERO_WORD_INTERVAL_MS}ms`,
          '--word-count': heroWords.length,
        } as CSSProperties
      }
    >
      {heroWords.map((word, index) => (
        <span
          key={word}
          style={{ '--word-index': index } as CSSProperties}
          {...(index === 0 ? {} : { 'aria-hidden': true })}
        >
          {word}
        </span>
      ))}
    </span>
  );
}

/**
 * The hero over its flow: the word rotates and the statistics count once. On a page whose hero
 * was already drawn (the prerendered page, or the prerender itself) the stylesheet animates both,
 * not the flow.
 */
export function LiveHero({ onCallToAction }: { onCallToAction: () => void }) {
  const input = useMemo(
    () => ({
      reducedMotion:
        typeof window !== 'undefined' &&
        window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      statisticsShown: showsPrerenderedValues(),
      wordsRotateInCss: showsPrerenderedValues(),
    }),
    [],
  );
  return (
    <HeroProvider input={input}>
      <HeroOverFlow onCallToAction={onCallToAction} animatesInCss={input.statisticsShown} />
    </HeroProvider>
  );
}

function HeroOverFlow({
  onCallToAction,
  animatesInCss,
}: {
  onCallToAction: () => void;
  animatesInCss: boolean;
}) {
  const word = useHeroSelector(selectHeroWord);
  const statistics = useHeroSelector(selectHeroStatistics, sameValues);
  return <HeroSection view={{ word, statistics, animatesInCss }} onCallToAction={onCallToAction} />;
}

/** The selector builds new objects each time; equal counts mean nothing to re-render. */
function sameValues(a: readonly { value: number }[], b: readonly { value: number }[]) {
  return a.length === b.length && a.every((stat, index) => stat.value === b[index]?.value);
}

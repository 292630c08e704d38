import type { HeroStatisticView } from '@portal/core';

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
        Le thème qui fait{' '}
        <span className="landing-hero__word" key={view.word}>
          {view.word}
        </span>
        <br />
        vos visiteurs
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

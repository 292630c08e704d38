import { heroStatistics, heroWords, type HeroStatisticId } from '@portal/core';
import { Button } from '../../ui/Button.tsx';

export interface HeroView {
  /** The word shown in the title now. */
  word: string;
  /** Current value of each statistic (the final values when motion is reduced). */
  values: Readonly<Record<HeroStatisticId, number>>;
}

export const finalHeroView: HeroView = {
  word: heroWords[0],
  values: Object.fromEntries(heroStatistics.map((stat) => [stat.id, stat.target])) as Record<
    HeroStatisticId,
    number
  >,
};

const numberFormats = new Map(
  heroStatistics.map((stat) => [
    stat.id,
    new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: stat.decimals,
      maximumFractionDigits: stat.decimals,
    }),
  ]),
);

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
      <Button onPress={onCallToAction} className="landing-hero__cta">
        Voir les tarifs
      </Button>
      <dl className="landing-stats">
        {heroStatistics.map((stat) => (
          <div key={stat.id} className="landing-stat">
            <dt>{stat.label}</dt>
            <dd>
              {/* The running count is decoration; the final figure is what assistive tech reads. */}
              <span aria-hidden="true">
                {numberFormats.get(stat.id)?.format(view.values[stat.id])}
                {stat.suffix}
              </span>
              <span className="visually-hidden">
                {numberFormats.get(stat.id)?.format(stat.target)}
                {stat.suffix}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import { finalHeroView, type HeroView } from './HeroSection.tsx';

/** The hero's rotating word and counting statistics. */
export function useHero(): HeroView {
  return finalHeroView;
}

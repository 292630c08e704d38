import type { components } from '../api/schema.gen.ts';
import type { Licence } from '../licences/licences.types.ts';

export type ThemeWithReleases = components['schemas']['Theme'];
export type ThemeRelease = components['schemas']['ThemeRelease'];

/** What the 'Thème' tab loads: the theme with its releases, and the licences (their versions). */
export interface ThemeReleasesOverview {
  theme: ThemeWithReleases | null;
  licences: Licence[];
}

export interface ThemeReleasesContext {
  theme: ThemeWithReleases | null;
  licences: Licence[];
  loadError: string | null;
}

export type ThemeReleasesEvent = { type: 'releases.reload' };

import semver from 'semver';

/** One published version of the theme (packages/theme/README.md, 'Versions'). */
export interface ThemeRelease {
  /** Semantic version, also written into `theme_info.theme_version` of its archive. */
  readonly version: string;
  /** Publication day, ISO 8601 (`YYYY-MM-DD`). */
  readonly released_at: string;
  /** French release notes: plain text, one change a line, no markdown. */
  readonly notes: string;
}

/**
 * Every release, newest first. The newest is `theme/` itself; each older one is the release after
 * it plus its overlay, `history/<version>/`.
 */
const manifest: readonly ThemeRelease[] = [
  {
    version: '2.1.0',
    released_at: '2026-10-14',
    notes: [
      'Nouvelle section « Témoignages » pour mettre en avant les avis de vos clients.',
      'Bannière : le réglage « Texte » devient « Sous-titre ».',
      'Fiche produit : le réglage « Afficher le fournisseur » est retiré.',
      'Les cartes produit affichent le prix barré des articles en promotion.',
    ].join('\n'),
  },
  {
    version: '2.0.0',
    released_at: '2026-06-02',
    notes: [
      'Première version Online Store 2.0 : des sections sur toutes les pages.',
      'En-tête et pied de page modifiables dans l’éditeur de thème.',
      'Vérification de la licence sans ralentir la boutique.',
    ].join('\n'),
  },
];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
// Markdown the portal would show literally: headings, list bullets, emphasis, code, links.
const markdown = /^\s*(#|[-*+] |\d+\. )|[*_`[\]]/m;

/** The manifest, checked: semantic versions strictly newest first, real days, plain-text notes. */
export function validateReleases(releases: readonly ThemeRelease[]): readonly ThemeRelease[] {
  if (releases.length === 0) throw new Error('the theme has no release');
  releases.forEach((release, index) => {
    const { version, released_at: releasedAt, notes } = release;
    if (semver.valid(version) !== version) throw new Error(`${version} is not a semantic version`);
    const day = new Date(`${releasedAt}T00:00:00Z`);
    if (!isoDate.test(releasedAt) || day.toISOString().slice(0, 10) !== releasedAt)
      throw new Error(`${version}: released_at ${releasedAt} is not an ISO date`);
    if (notes.trim() === '' || markdown.test(notes))
      throw new Error(`${version}: notes must be plain text, one change a line`);
    const older = releases[index + 1];
    if (older !== undefined && !semver.gt(version, older.version))
      throw new Error(`${version} must be newer than ${older.version}, listed after it`);
    if (older !== undefined && older.released_at > releasedAt)
      throw new Error(`${version} cannot be released before ${older.version}`);
  });
  return releases;
}

export const themeReleases = validateReleases(manifest);

/** The version `theme/` holds. */
export const latestThemeVersion = themeReleases[0]!.version;

/** The release of `version`; throws for a version that was never released. */
export function themeRelease(version: string): ThemeRelease {
  const release = themeReleases.find((candidate) => candidate.version === version);
  if (release === undefined) throw new Error(`Thème Boutique has no version ${version}`);
  return release;
}

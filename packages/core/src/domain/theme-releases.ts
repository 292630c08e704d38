import { givesAccess } from './subscription-status.ts';

/**
 * The theme's releases as the portal sells them (docs/product.md, 'Theme releases'): the one
 * comparison of versions (the update notice, the publication's 'newer than the latest'), who may
 * download a release, and the limits of an uploaded archive. A few lines of comparison rather
 * than the `semver` package: this entry loads in the browser (docs/performance.md).
 */

/** The theme sold, as the release list names it. */
export const themeCatalogue = {
  id: 'theme-boutique',
  name: 'Thème Boutique',
  description:
    'Le thème complet pour votre boutique Shopify : plus de 120 fonctionnalités, sans code et sans frais mensuels.',
} as const;

interface ParsedVersion {
  core: [number, number, number];
  /** Pre-release identifiers (`2.1.0-beta.1` -> ['beta', '1']); empty for a release. */
  pre: string[];
}

const versionPattern =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function parse(version: string): ParsedVersion | undefined {
  const match = versionPattern.exec(version.trim());
  if (match === null) return undefined;
  const core = [Number(match[1]), Number(match[2]), Number(match[3])] as [number, number, number];
  if (!core.every(Number.isSafeInteger)) return undefined;
  return { core, pre: match[4] === undefined ? [] : match[4].split('.') };
}

const numeric = /^\d+$/;

/** Semantic Versioning 2.0.0, §11: numbers, then a release above its pre-releases. */
function comparePre(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const x = a[index] as string;
    const y = b[index] as string;
    if (x === y) continue;
    const [xNumber, yNumber] = [numeric.test(x), numeric.test(y)];
    if (xNumber && yNumber) return Number(x) < Number(y) ? -1 : 1;
    if (xNumber !== yNumber) return xNumber ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return Math.sign(a.length - b.length);
}

/**
 * Negative when `a` is older than `b`, positive when newer, 0 when equal (build metadata aside);
 * undefined when either is not a semantic version.
 */
export function compareThemeVersions(a: string, b: string): number | undefined {
  const [x, y] = [parse(a), parse(b)];
  if (x === undefined || y === undefined) return undefined;
  for (let index = 0; index < 3; index += 1) {
    const difference = x.core[index]! - y.core[index]!;
    if (difference !== 0) return Math.sign(difference);
  }
  return comparePre(x.pre, y.pre);
}

/** `candidate` is a semantic version newer than `than`. */
export function isNewerThemeVersion(candidate: string, than: string): boolean {
  return (compareThemeVersions(candidate, than) ?? 0) > 0;
}

/**
 * The one owner of 'Mise à jour disponible': the version to offer a shop whose theme last
 * reported `reported` (a licence's `last_seen_version`), or null: nothing reported yet, a
 * version that is not one, or already the latest.
 */
export function themeUpdateFor(reported: string | null | undefined, latest: string): string | null {
  if (reported === null || reported === undefined) return null;
  return isNewerThemeVersion(latest, reported) ? latest : null;
}

/** What the download rule needs of a customer: the status now and the end of the paid periods. */
export interface ReleaseEntitlement {
  /** The subscription's effective status (`none` without one). */
  status: string | undefined;
  /** The end of the last period paid for, null when nothing was ever paid (a trial). */
  paidThrough: Date | null;
}

/**
 * docs/product.md, 'Theme releases': a subscription giving access (a trial included) downloads
 * every release; one that ended keeps the releases published by the end of its last paid period;
 * a trial that never paid keeps none.
 */
export function mayDownloadRelease(entitlement: ReleaseEntitlement, releasedAt: Date): boolean {
  if (givesAccess(entitlement.status)) return true;
  return entitlement.paidThrough !== null && releasedAt <= entitlement.paidThrough;
}

const MEGABYTE = 1024 * 1024;

/**
 * An uploaded theme archive (the update's export, the admin's release): what it may weigh and
 * hold. Shopify itself refuses a theme zip over 50 MB; the inflated bytes are counted as they
 * come out, never read from the archive's headers.
 */
export const THEME_ARCHIVE_LIMITS = {
  /** The upload's bytes (413 past it). */
  archiveBytes: 50 * MEGABYTE,
  /** Files and folders in the archive. */
  entries: 5000,
  /** Every entry's inflated bytes together. */
  inflatedBytes: 200 * MEGABYTE,
  /** One entry may inflate to this many times its compressed size, past its first MiB. */
  compressionRatio: 100,
  /** The first bytes of an entry the ratio leaves alone (a small file compresses freely). */
  ratioAllowanceBytes: MEGABYTE,
} as const;

export const megabytesOf = (bytes: number) => Math.round(bytes / MEGABYTE);

/** How long a merged update waits to be downloaded. */
export const THEME_UPDATE_KEPT_SECONDS = 3600;

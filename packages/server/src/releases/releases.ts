import {
  compareThemeVersions,
  effectiveStatus,
  givesAccess,
  mayDownloadRelease,
  themeCatalogue,
  type components,
  type ReleaseEntitlement,
} from '@portal/core/domain';
import { themeArchiveFilename, themeReleases } from '@portal/theme';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../auth/tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import { statusOf } from '../subscriptions/status.ts';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo.ts';
import { sha256Of } from './theme-work.ts';
import {
  claimReleaseMail,
  insertRelease,
  listReleases,
  lockReleases,
  releaseMailCandidates,
  type NewRelease,
  type ReleaseRow,
} from './theme-releases.repo.ts';

/**
 * The theme's releases (docs/product.md, 'Theme releases'): the versions seeded from the theme
 * package, the latest version (one owner, kept by the read cache), what a customer may download,
 * and a publication with its mails.
 */

/** The dashboard's theme tab, where the archives and the update are. */
export const themesTabUrl = (publicOrigin: string) => `${publicOrigin}/dashboard?tab=themes`;

/** Newest first, by semantic version. */
export function newestFirst<T extends { version: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareThemeVersions(b.version, a.version) ?? 0);
}

/**
 * At start-up (start.ts), under the releases' lock: the versions of `@portal/theme`'s manifest
 * the database lacks, built by `build` (stamped for this portal) and stored. Answers the versions
 * added; replicas starting together add each once.
 */
export async function seedThemeReleases(
  db: Database,
  build: (version: string) => Uint8Array,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockReleases(tx);
    const stored = new Set((await listReleases(tx)).map((row) => row.version));
    const added: string[] = [];
    for (const release of themeReleases) {
      if (stored.has(release.version)) continue;
      const archive = build(release.version);
      await insertRelease(tx, {
        version: release.version,
        released_at: new Date(`${release.released_at}T00:00:00Z`),
        notes: release.notes,
        filename: themeArchiveFilename(release.version),
        archive,
        sha256: sha256Of(archive),
        published_by: null,
      });
      added.push(release.version);
    }
    return added;
  });
}

/** The newest stored version; kept by the read cache until a publication forgets it. */
export function latestVersionOf(app: { db: Database; readCache: ReadCache }): Promise<string> {
  return app.readCache.latestThemeVersion(async () => {
    const [latest] = newestFirst(await listReleases(app.db));
    // The start-up seeds the theme package's versions before anything is served.
    if (latest === undefined) throw new Error('no theme release is stored');
    return latest.version;
  });
}

/** What the download rule reads of a customer's subscription (core's `mayDownloadRelease`). */
export function entitlementOf(
  subscription: SubscriptionRow | undefined,
  now: Date,
): ReleaseEntitlement {
  return {
    status: statusOf(subscription, now) ?? 'none',
    paidThrough: subscription?.paid_through ?? null,
  };
}

/** What the customer's list and the admin's list both say of a release. */
export function releaseJson(row: ReleaseRow) {
  return {
    version: row.version,
    released_at: row.released_at.toISOString(),
    notes: row.notes,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
  };
}

/** `GET /api/client/themes` for one customer. */
export function themeListOf(
  rows: readonly ReleaseRow[],
  entitlement: ReleaseEntitlement,
): components['schemas']['ThemeList'] {
  const releases = newestFirst(rows).map((row) => ({
    ...releaseJson(row),
    downloadable: mayDownloadRelease(entitlement, row.released_at),
  }));
  const [latest] = releases;
  return {
    themes:
      latest === undefined
        ? []
        : [{ ...themeCatalogue, filename: latest.filename, version: latest.version, releases }],
  };
}

/**
 * Stores a release and queues its mail to every customer whose subscription gives access and
 * who did not turn these mails off, once per customer (`theme_release_mails`), in the write that
 * also forgets the latest version everywhere; answers the mails queued. Under the releases' lock,
 * `mayPublish` judges the version against the latest one and throws to refuse it.
 */
export async function storeRelease(
  app: { db: Database; readCache: ReadCache; now: () => Date; config: { publicOrigin: string } },
  release: NewRelease,
  mayPublish: (latest: string | undefined) => void,
): Promise<number> {
  return app.readCache.write(app.db, async (tx, changed) => {
    await lockReleases(tx);
    const [latest] = newestFirst(await listReleases(tx));
    mayPublish(latest?.version);
    await insertRelease(tx, release);
    await changed({ type: 'release' });
    const at = app.now();
    let queued = 0;
    for (const customer of await releaseMailCandidates(tx)) {
      if (!givesAccess(effectiveStatus(customer, at))) continue;
      if (
        !(await claimReleaseMail(tx, { version: release.version, customerId: customer.id, at }))
      ) {
        continue;
      }
      await enqueueMail(tx, {
        id: newId(),
        kind: 'theme-release',
        recipient: customer.email,
        payload: {
          version: release.version,
          releasedAt: release.released_at.toISOString(),
          notes: release.notes,
          link: themesTabUrl(app.config.publicOrigin),
        },
        created_at: at,
      });
      queued += 1;
    }
    return queued;
  });
}

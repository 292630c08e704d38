import {
  accessRefusal,
  compareThemeVersions,
  mayDownloadRelease,
  messages,
  THEME_UPDATE_KEPT_SECONDS,
} from '@portal/core/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { newId } from '../../auth/tokens.ts';
import { BoundedMap } from '../../cache/read-cache.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { entitlementOf, newestFirst, themeListOf } from '../../releases/releases.ts';
import {
  listReleases,
  releaseArchiveOf,
  type ReleaseRow,
} from '../../releases/theme-releases.repo.ts';
import { findThemeUpdate, insertThemeUpdate } from '../../releases/theme-updates.repo.ts';
import { judged, readUpload } from '../../releases/upload.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { texts } from '../../texts.ts';
import type { RouteFolder } from '../folders.ts';

/**
 * The name the themes tab offered before releases had versions: the newest release the customer
 * may download, for old links and bookmarks (docs/decisions.md, 'Theme releases').
 */
export const LEGACY_THEME_FILENAME = 'theme-boutique.zip';

/** Stored archives never change: the few newest are kept in memory (about 50 KB each). */
const ARCHIVES_KEPT = 4;

function sendZip(reply: FastifyReply, filename: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

async function themeRoutes(app: FastifyInstance): Promise<void> {
  const archives = new BoundedMap<string, Uint8Array>(ARCHIVES_KEPT);
  const archiveOf = async (version: string): Promise<Uint8Array> => {
    const kept = archives.get(version);
    if (kept !== undefined) return kept;
    const archive = await releaseArchiveOf(app.db, version);
    if (archive === undefined) throw notFound(texts.theme.fileNotFound);
    archives.set(version, archive);
    return archive;
  };
  /** The releases, and what this customer may download of them. */
  const releasesFor = async (customerId: string) => {
    const [rows, subscription] = await Promise.all([
      listReleases(app.db),
      subscriptionOf(app.db, customerId),
    ]);
    const entitlement = entitlementOf(subscription, app.now());
    const downloadable = (row: ReleaseRow) => mayDownloadRelease(entitlement, row.released_at);
    return { rows: newestFirst(rows), entitlement, downloadable };
  };

  app.get<RouteOf<'/api/client/themes', 'get'>>('/api/client/themes', async (request) => {
    const { rows, entitlement } = await releasesFor(accountOf(request).id);
    return themeListOf(rows, entitlement);
  });

  app.get<RouteOf<'/api/client/download-zip/{filename}', 'get'>>(
    '/api/client/download-zip/:filename',
    async (request, reply) => {
      // The contract's pattern (core's `patterns.themeFilename`) has refused any path already.
      const { filename } = request.params;
      const { rows, entitlement, downloadable } = await releasesFor(accountOf(request).id);
      const release =
        filename === LEGACY_THEME_FILENAME
          ? (rows.find(downloadable) ?? rows[0])
          : rows.find((row) => row.filename === filename);
      if (release === undefined) throw notFound(texts.theme.fileNotFound);
      if (!downloadable(release)) {
        throw forbidden(
          entitlement.paidThrough === null || filename === LEGACY_THEME_FILENAME
            ? accessRefusal(entitlement.status)
            : messages.themeReleases.releaseNotCovered(release.version),
        );
      }
      const archive = await archiveOf(release.version);
      // Counted in memory, written in the background: the download waits on no write.
      app.releaseDownloads.count(release.version);
      return sendZip(reply, release.filename, archive);
    },
  );

  app.post<RouteOf<'/api/client/themes/update', 'post'>>(
    '/api/client/themes/update',
    async (request, reply) => {
      const customerId = accountOf(request).id;
      const { archive } = await readUpload(request, []);
      const { rows, entitlement, downloadable } = await releasesFor(customerId);
      const target = rows.find(downloadable);
      if (target === undefined) throw forbidden(accessRefusal(entitlement.status));
      const { version } = await judged(app.themeJobs.run({ kind: 'read-theme', archive }));
      const base = rows.find((row) => row.version === version);
      const upload = messages.themeReleases.upload;
      if (base === undefined) {
        throw new HttpError(400, upload.unknownBase(version), {
          errors: { archive: upload.unknownBase(version) },
        });
      }
      if ((compareThemeVersions(base.version, target.version) ?? 0) >= 0) {
        throw new HttpError(400, upload.upToDate(version), {
          errors: { archive: upload.upToDate(version) },
        });
      }
      const merged = await judged(
        app.themeJobs.run({
          kind: 'merge',
          theirs: archive,
          base: await archiveOf(base.version),
          next: await archiveOf(target.version),
        }),
      );
      const now = app.now();
      const expiresAt = new Date(now.getTime() + THEME_UPDATE_KEPT_SECONDS * 1000);
      const answer = {
        id: newId(),
        from_version: merged.report.from,
        to_version: merged.report.to,
        filename: `theme-boutique-${merged.report.to}-mise-a-jour.zip`,
        expires_at: expiresAt.toISOString(),
        removed_settings: merged.report.removedSettings,
        conflicts: merged.report.conflicts,
        kept_files: merged.report.keptFiles,
      };
      await insertThemeUpdate(app.db, {
        id: answer.id,
        customer_id: customerId,
        report: answer,
        filename: answer.filename,
        archive: merged.archive,
        created_at: now,
        expires_at: expiresAt,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get<RouteOf<'/api/client/themes/update/{id}', 'get'>>(
    '/api/client/themes/update/:id',
    async (request, reply) => {
      const update = await findThemeUpdate(app.db, {
        id: request.params.id,
        customerId: accountOf(request).id,
        now: app.now(),
      });
      if (update === undefined) throw notFound(messages.themeReleases.update.expired);
      return sendZip(reply, update.filename, update.archive);
    },
  );
}

/**
 * The theme's releases for a logged-in customer: the list, the downloads (what the subscription
 * covers) and the update that keeps the merchant's work.
 */
export const themeFolder: RouteFolder = {
  guard: { under: ['/api/client/download-zip', '/api/client/themes'], hook: requireCustomer },
  routes: themeRoutes,
};

import { isNewerThemeVersion, messages, patterns, type components } from '@portal/core/domain';
import { themeArchiveFilename } from '@portal/theme';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../auth/guards.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import {
  latestVersionOf,
  newestFirst,
  releaseJson,
  storeRelease,
} from '../../releases/releases.ts';
import {
  listReleases,
  shopsByReportedVersion,
  type ReleaseRow,
} from '../../releases/theme-releases.repo.ts';
import { judged, readUpload } from '../../releases/upload.ts';
import { texts } from '../../texts.ts';

type AdminThemeRelease = components['schemas']['AdminThemeRelease'];

/** The notes' ceiling, as the contract's multipart schema says (Fastify does not read it). */
const NOTES_MAX = 5000;

function adminReleaseJson(row: ReleaseRow, shops: ReadonlyMap<string, number>): AdminThemeRelease {
  return {
    ...releaseJson(row),
    downloads: row.downloads,
    active_shops: shops.get(row.version) ?? 0,
    published_by: row.published_by,
  };
}

/** The version and notes of a publication, read by hand: the contract's JSON check skips multipart. */
function publicationFields(fields: Record<string, string>): { version: string; notes: string } {
  const errors: Record<string, string> = {};
  const version = fields.version?.trim() ?? '';
  const notes = fields.notes?.trim() ?? '';
  if (version === '') errors.version = texts.validation.fieldRequired;
  else if (!patterns.themeVersion.test(version)) errors.version = texts.validation.fieldInvalid;
  if (notes === '') errors.notes = texts.validation.fieldRequired;
  else if (notes.length > NOTES_MAX) errors.notes = texts.validation.fieldTooLong;
  else if (notes.includes('\u0000')) errors.notes = texts.validation.fieldInvalid;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { version, notes };
}

/**
 * The back office's releases (docs/product.md, 'Theme releases'): the list with downloads and
 * the shops running each version, and the publication of a version (checked in the theme
 * worker, stamped, stored, announced).
 */
export async function themeReleaseRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/admin/themes/releases', 'get'>>('/api/admin/themes/releases', async () => {
    // This process's counted downloads first, so the list is current here.
    await app.releaseDownloads.flush();
    const [rows, shops] = await Promise.all([listReleases(app.db), shopsByReportedVersion(app.db)]);
    return { releases: newestFirst(rows).map((row) => adminReleaseJson(row, shops)) };
  });

  app.post<RouteOf<'/api/admin/themes/releases', 'post'>>(
    '/api/admin/themes/releases',
    async (request, reply) => {
      const { archive, fields } = await readUpload(request, ['version', 'notes']);
      const { version, notes } = publicationFields(fields);
      const notNewer = (latest: string | undefined) => {
        if (latest !== undefined && !isNewerThemeVersion(version, latest)) {
          const message = messages.themeReleases.publish.notNewer(version, latest);
          throw conflict(message, { version: message });
        }
      };
      // Refused before Theme Check when already outdated; judged again under the lock below.
      notNewer(await latestVersionOf(app));
      const prepared = await judged(
        app.themeJobs.run({
          kind: 'prepare-release',
          archive,
          version,
          stamp: {
            portalOrigin: app.config.publicOrigin,
            jwks: JSON.parse(app.licenceKeys.jwksText),
          },
        }),
        version,
      );
      const release = {
        version,
        released_at: app.now(),
        notes,
        filename: themeArchiveFilename(version),
        archive: prepared.archive,
        sha256: prepared.sha256,
        published_by: accountOf(request).id,
      };
      const mails = await storeRelease(app, release, notNewer);
      // The announcements leave now, not at the mail worker's next poll (up to 30 s later).
      if (mails > 0) app.mail.wake();
      const stored = (await listReleases(app.db)).find((row) => row.version === version);
      if (stored === undefined) throw new Error(`release ${version} not found once stored`);
      return reply.code(201).send({
        message: messages.themeReleases.publish.published(version),
        release: adminReleaseJson(stored, new Map()),
        mails,
      });
    },
  );
}

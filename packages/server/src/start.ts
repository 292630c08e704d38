import { buildThemeArchive } from '@portal/theme';
import type { ServerConfig } from './config.ts';
import { migrate, openDatabase, seedPlans, type Database } from './db/index.ts';
import { loadLicenceKeyring } from './licences/signing-keys.ts';
import { seedThemeReleases } from './releases/releases.ts';

/**
 * What every server process does before it serves: open the database, migrate (under the
 * advisory lock, so replicas may start together), put the built-in plans in when missing, and
 * the theme package's versions the database lacks, stamped with this portal's origin and
 * licence keys (docs/operations.md, 'Theme releases').
 */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'publicOrigin' | 'licenceSigningKey'>,
): Promise<{ db: Database; applied: string[]; releases: string[] }> {
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    await seedPlans(db);
    const keys = await loadLicenceKeyring({
      db,
      configured: config.licenceSigningKey,
      now: () => new Date(),
    });
    const stamp = { portalOrigin: config.publicOrigin, jwks: JSON.parse(keys.jwksText) };
    const releases = await seedThemeReleases(db, (version) => buildThemeArchive(version, stamp));
    return { db, applied, releases };
  } catch (error) {
    await db.close();
    throw error;
  }
}

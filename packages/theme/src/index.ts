export {
  themeReleases,
  latestThemeVersion,
  themeRelease,
  validateReleases,
  type ThemeRelease,
} from './releases.ts';
export {
  themeFilesOf,
  themeVersionOf,
  fileText,
  SETTINGS_SCHEMA_PATH,
  type ThemeFiles,
} from './files.ts';
export {
  stampLicenceConfig,
  LICENCE_CONFIG_PATH,
  type LicenceStamp,
  type LicenceConfig,
  type PublicJwk,
} from './licence-config.ts';
export { zipTheme, themeArchiveFilename, buildThemeArchive } from './archive.ts';
export { themePackageDir } from './paths.ts';
export * from './merge/index.ts';

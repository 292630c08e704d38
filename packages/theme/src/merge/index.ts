export {
  mergeThemeUpdate,
  rootedTheme,
  parseThemeJsonFiles,
  exportedThemeVersion,
  isThemeDataFile,
  ThemeMergeError,
  THEME_LAYOUT_PATH,
  type MergeReport,
  type RemovedSetting,
  type FileConflict,
  type ThemeMergeErrorCode,
} from './merge.ts';
export { parseThemeJson, stripJsonComments } from './theme-json.ts';
export { unifiedDiff } from './diff.ts';

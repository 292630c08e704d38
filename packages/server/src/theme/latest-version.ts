/**
 * The theme's latest version, answered by the licence verification and the licence lists, and
 * stated by the downloadable archive's `theme_info`. One constant until releases are kept in the
 * database (docs/decisions.md, 'Licence verification').
 */
export const LATEST_THEME_VERSION = '1.0.0';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package folder, holding `theme/` (the latest version's source) and `history/` (the older
 * versions' overlays), found from the repository root the way `packages/server/src/config.ts`
 * finds it: this file and the server's bundle (`packages/server/dist/main.js`, which inlines this
 * package) sit at the same depth, so `../../..` is the repository root from both. Keep this file
 * directly under `src/`; every function that reads the theme also takes the folder explicitly.
 */
export const themePackageDir = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
  'packages',
  'theme',
);

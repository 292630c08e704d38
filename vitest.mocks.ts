import { readdirSync, readFileSync } from 'node:fs';

/**
 * For a project whose files share their worker's modules (`isolate: false`): a test file that
 * replaces a module (`vi.mock`, `vi.doMock`) would leak its mock into the files after it,
 * silently, so the configuration refuses to load instead (docs/decisions.md, 'Test run time').
 * `root` is the package's folder, `runApart` the files (`src/…`) the project leaves to another,
 * `remedy` what to do about a mocking file.
 */
export function refuseSharedMocks(root: URL, remedy: string, runApart: readonly string[] = []) {
  const mocking = readdirSync(new URL('src', root), { recursive: true, encoding: 'utf8' })
    .map((file) => `src/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !runApart.includes(file))
    .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(new URL(file, root), 'utf8')));
  if (mocking.length > 0) throw new Error(`${remedy}, they mock a module: ${mocking.join(', ')}`);
}

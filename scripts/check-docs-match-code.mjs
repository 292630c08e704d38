#!/usr/bin/env node
/**
 * Docs that cannot drift (part of `pnpm lint`). Fails, listing what differs, when
 * - a machine exported by a `*.machine.ts` file of a package is not described in
 *   docs/statecharts.md (a heading naming it in backticks), or the page describes a machine the
 *   code no longer has;
 * - a folder of a package's `src/` (and of `packages/web/src/pages/`, `packages/server/src/routes/`)
 *   is not named in docs/architecture.md's tables, or the page names a package folder that is gone.
 *
 * Usage: node scripts/check-docs-match-code.mjs [repository root]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const read = (path) => readFileSync(join(root, path), 'utf8');
const folders = (path) =>
  existsSync(join(root, path))
    ? readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory())
    : [];

function files(dir, keep, found = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, keep, found);
    else if (keep(name)) found.push(path);
  }
  return found;
}

const problems = [];

// Machines: the code's exports against the page's headings.
const packages = folders('packages').map((name) => join(root, 'packages', name, 'src'));
const machines = new Map();
for (const dir of packages.filter(existsSync)) {
  for (const path of files(dir, (name) => name.endsWith('.machine.ts'))) {
    for (const match of readFileSync(path, 'utf8').matchAll(/export const (\w+Machine)\b/g)) {
      machines.set(match[1], relative(root, path));
    }
  }
}
const statecharts = read('docs/statecharts.md');
const described = new Set(
  [...statecharts.matchAll(/^#{2,4} .*$/gm)].flatMap((heading) =>
    [...heading[0].matchAll(/`(\w+Machine)`/g)].map((match) => match[1]),
  ),
);
for (const [machine, path] of machines) {
  if (!described.has(machine)) {
    problems.push(`docs/statecharts.md: no heading describes ${machine} (${path})`);
  }
}
for (const machine of described) {
  if (!machines.has(machine)) {
    problems.push(`docs/statecharts.md: describes ${machine}, which no *.machine.ts exports`);
  }
}

// Folders: every package folder named in its package's section of the architecture page (the
// section headed by the package's `src` path, or by the package's path), and no name of a folder
// that is gone.
const architecture = read('docs/architecture.md');
/** The text under the heading `### <path>` up to the next heading of that level or above. */
function sectionOf(path) {
  const start = architecture.search(new RegExp(`^### ${path.replace(/[/.]/g, '\\$&')}\\s*$`, 'm'));
  if (start < 0) return undefined;
  const rest = architecture.slice(start + 4);
  const end = rest.search(/^#{1,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}
const named = (text, folder) =>
  new RegExp('`[^`]*(?<![\\w-])' + folder.replace(/[-/]/g, '\\$&') + '(?:/|`)').test(text);
const tables = [
  ...folders('packages').map((name) => [
    `packages/${name}/src`,
    sectionOf(`packages/${name}/src`) === undefined ? `packages/${name}` : `packages/${name}/src`,
  ]),
  ['packages/web/src/pages', 'packages/web/src'],
  ['packages/server/src/routes', 'packages/server/src'],
];
for (const [table, section] of tables) {
  const text = sectionOf(section);
  if (text === undefined) {
    problems.push(`docs/architecture.md: no section '### ${section}'`);
    continue;
  }
  for (const folder of folders(table)) {
    if (!named(text, folder)) {
      problems.push(
        `docs/architecture.md: '### ${section}' names no folder ${folder}/ of ${table}`,
      );
    }
  }
}
for (const match of architecture.matchAll(/`(packages\/[\w./-]+?)\/?`/g)) {
  const path = match[1].replace(/<[^>]+>.*$/, '');
  if (!path.includes('*') && !existsSync(join(root, path))) {
    problems.push(`docs/architecture.md: names ${match[1]}, which does not exist`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} difference(s) between the docs and the code.`);
  process.exit(1);
}
console.log(
  `docs match the code: ${machines.size} machines in docs/statecharts.md, ` +
    `every package folder in docs/architecture.md`,
);

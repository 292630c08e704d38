import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/architecture.md, 'packages/server/src'): routes do HTTP, one
 * `<area>/<table>.repo.ts` module per table or aggregate owns its SQL, and no module imports
 * itself back through others.
 */
const srcDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(srcDir);
const relative = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/** Relative imports (type-only ones too: they tie modules together just as much). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const [, target] of (text.get(file) ?? '').matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
    if (target !== undefined) found.push(path.resolve(path.dirname(file), target));
  }
  return found;
}

/** SQL naming a table: `FROM t`, `JOIN t`, `INTO t`, `UPDATE t`. */
const sqlTable = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g;
/**
 * Where SQL may be written besides the repositories: the database seam (connections,
 * migrations, health) and the read cache's NOTIFY to the other replicas.
 */
const infrastructure = (file: string) =>
  relative(file).startsWith('db/') || relative(file) === 'cache/read-cache.ts';

describe('server layers', () => {
  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map(relative).join(' -> '));
        return;
      }
      state.set(file, 'visiting');
      for (const target of importsOf(file)) if (text.has(target)) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps SQL in the repository modules, none in the routes', () => {
    const misplaced = files.filter((file) => {
      if (file.endsWith('.repo.ts') || infrastructure(file)) return false;
      const source = text.get(file) ?? '';
      return (
        /\b(?:db|tx)\.(?:query|exec)\(/.test(source) || [...source.matchAll(sqlTable)].length > 0
      );
    });
    expect(misplaced.map(relative)).toEqual([]);
  });

  it('writes each table from one repository module only', () => {
    const writers = new Map<string, Set<string>>();
    for (const file of files.filter((candidate) => candidate.endsWith('.repo.ts'))) {
      const source = text.get(file) ?? '';
      for (const [, table] of source.matchAll(
        /\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g,
      )) {
        if (table === undefined) continue;
        writers.set(table, new Set([...(writers.get(table) ?? []), relative(file)]));
      }
    }
    const shared = [...writers].filter(([, modules]) => modules.size > 1);
    expect(shared.map(([table, modules]) => `${table}: ${[...modules].join(', ')}`)).toEqual([]);
    // The tables the read cache follows are among them (see cache/read-cache.ts).
    expect([...writers.keys()]).toEqual(
      expect.arrayContaining(['customers', 'licences', 'refresh_tokens']),
    );
  });
});

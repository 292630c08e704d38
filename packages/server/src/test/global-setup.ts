import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of an empty, freshly initialised PGlite data folder (see `freshPglite`). */
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb runs once per test run, here: every database of the run starts from a copy of
 * its result (see docs/decisions.md, 'Test run time').
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-template-'));
  const pg = await PGlite.create();
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

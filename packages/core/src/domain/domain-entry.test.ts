import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// `@portal/core/domain` is the only core entry the server loads (see docs/architecture.md): its run
// time graph must stay free of XState, openapi-fetch and src/api. Type-only imports are erased
// (`import type`, `export type`), so they may name the generated schema.
const domainDir = dirname(fileURLToPath(import.meta.url));
const entry = resolve(domainDir, 'index.ts');
const apiDir = resolve(domainDir, '../api');

interface RuntimeGraph {
  files: string[];
  packages: string[];
}

function runtimeSpecifiers(text: string): string[] {
  const source = ts.createSourceFile('module.ts', text, ts.ScriptTarget.ES2022);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    // verbatimModuleSyntax keeps every import or export that is not `type` as a whole.
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function walk(start: string): RuntimeGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

describe('the @portal/core/domain entry', () => {
  const graph = walk(entry);

  it('loads only valibot among packages', () => {
    expect(graph.packages).toEqual(['valibot']);
  });

  it('loads nothing of src/api, the client or the machines at run time', () => {
    const outside = graph.files.filter((file) => !file.startsWith(domainDir + '/'));
    expect(outside).toEqual([]);
    expect(graph.files.some((file) => file.startsWith(apiDir))).toBe(false);
  });

  it('reaches every rule module the server uses', () => {
    const names = graph.files.map((file) => file.slice(domainDir.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        'messages.ts',
        'domains.ts',
        'plans.ts',
        'formatting.ts',
        'redirects.ts',
        'validation/index.ts',
        'validation/password.ts',
      ]),
    );
  });

  it('tells a type-only import from a run-time one (the check is not vacuous)', () => {
    const probe = [
      "import type { paths } from '../api/schema.gen.ts';",
      "export type { components } from '../api/schema.gen.ts';",
      "import { setup } from 'xstate';",
      "export { createPortalClient } from '../api/client.ts';",
    ].join('\n');
    expect(runtimeSpecifiers(probe)).toEqual(['xstate', '../api/client.ts']);
  });
});

// Fails when openapi/portal.yaml is not valid OpenAPI 3.1 or when schema.gen.ts is stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';

const coreDir = resolve(fileURLToPath(import.meta.url), '../..');
const contractPath = resolve(coreDir, '../../openapi/portal.yaml');
const generatedPath = resolve(coreDir, 'src/api/schema.gen.ts');

const document = parse(readFileSync(contractPath, 'utf8'));
const validator = new Validator();
const result = await validator.validate(document);
if (!result.valid) {
  console.error(
    'openapi/portal.yaml is not valid OpenAPI:',
    JSON.stringify(result.errors, null, 2),
  );
  process.exit(1);
}
if (validator.version !== '3.1') {
  console.error(`openapi/portal.yaml must be OpenAPI 3.1, found ${validator.version}`);
  process.exit(1);
}

const fresh = join(mkdtempSync(join(tmpdir(), 'portal-gen-')), 'schema.gen.ts');
const bin = (name) => resolve(coreDir, 'node_modules/.bin', name);
execFileSync(bin('openapi-typescript'), [contractPath, '-o', fresh], { stdio: 'pipe' });
if (readFileSync(fresh, 'utf8') !== readFileSync(generatedPath, 'utf8')) {
  console.error('packages/core/src/api/schema.gen.ts is stale: run `pnpm gen` and commit it.');
  process.exit(1);
}
console.log('contract: valid OpenAPI 3.1, generated types up to date');

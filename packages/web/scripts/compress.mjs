// After `vite build`: a brotli and a gzip copy beside every text file of dist, so the reference
// server (@fastify/static preCompressed) sends compressed bytes without compressing per request.
// The bench compresses its zero-JS copy of `/` with the same step, so the two travel alike.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

/** Writes `file.br` and `file.gz` beside `file`. */
export function writeCompressedCopies(file) {
  const raw = readFileSync(file);
  const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(raw, { level: 9 });
  // A copy that saves nothing would only cost a disk read.
  if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let count = 0;
  for (const file of files(dist)) {
    writeCompressedCopies(file);
    count += 1;
  }
  console.log(
    `compress: ${count} files in ${path.relative(process.cwd(), dist)} have .br and .gz copies`,
  );
}

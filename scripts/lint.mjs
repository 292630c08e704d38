// `pnpm lint`: ESLint, Prettier and the two docs checks. ESLint and Prettier each keep one core
// busy for about half a minute, so all four run at once on the machine's cores; each one's output
// is printed whole once it ends, and the exit code is 1 when any of them failed.
import { spawn } from 'node:child_process';

const checks = [
  ['eslint', ['exec', 'eslint', '.']],
  ['prettier', ['exec', 'prettier', '--check', '.']],
  ['doc links', ['exec', 'node', 'scripts/check-doc-links.mjs']],
  ['docs match the code', ['exec', 'node', 'scripts/check-docs-match-code.mjs']],
];

function run([name, args]) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`── ${name}: ${code === 0 ? 'ok' : `failed (${code})`}\n${output}`);
      resolve(code === 0);
    });
  });
}

const passed = await Promise.all(checks.map(run));
process.exitCode = passed.every(Boolean) ? 0 : 1;

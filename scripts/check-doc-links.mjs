#!/usr/bin/env node
/**
 * Keeps the repository self-contained (part of `pnpm lint`). Fails, listing file:line, when
 * - a relative Markdown link in the docs (docs/**.md, README.md, CONTRIBUTING.md, e2e/README.md)
 *   points to a file that does not exist, or to a heading that its Markdown file does not have;
 * - a tracked text file cites a docs page (`docs/<page>.md`, `docs/<page>.md#<section>`) that does
 *   not exist or has no such section;
 * - a tracked text file points at the product specification or design kept outside the
 *   repository (by path or by section number), or cites an issue number of a tracker a clone does
 *   not have.
 * The product is described in docs/product.md; cite its sections (see CONTRIBUTING.md, "Comments").
 *
 * Usage: node scripts/check-doc-links.mjs [repository root]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

/** Files never read: generated, vendored or lock files. */
const skipped = [/^pnpm-lock\.yaml$/, /(^|\/)node_modules\//, /(^|\/)dist\//, /storybook-static\//];

// Spelled in pieces so that this file does not report itself.
const outside = [
  '\\.\\./' + 'shared',
  'shared/' + 'spec\\.md',
  'spec' + '\\.md',
  'design' + '\\.md',
];
const outsidePattern = new RegExp(`(?<![\\w-])(?:${outside.join('|')})`, 'i');
// A section number of the outside specification (the word, maybe 'section', then a number).
const specSectionPattern = new RegExp('\\b' + 'spec(?:ification)?(?: sections?)?' + ' \\d', 'i');
// A tracker's numbers: the word issue then a number (with or without #), or # and a number in
// parentheses. The plural is left alone: 'the server issues 60 s tokens' cites nothing.
const trackerPattern = new RegExp('\\b' + 'issue' + ' #?\\d+\\b|\\(' + '#\\d+\\)', 'i');
/** `docs/<page>.md` or `docs/<page>.md#<section>`, as comments and docs cite them. */
const docCitation = /(?<![\w./-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g;
/** Inline Markdown links and images: [text](target) or [text](target "title"). */
const markdownLink = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

function trackedFiles() {
  try {
    const out = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((path) => path !== '' && existsSync(join(root, path)));
  } catch {
    return walk('');
  }
}

/** Outside a git checkout (an exported tarball): every file but the skipped folders. */
function walk(dir) {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.name === '.git' || entry.name === '.data' || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) files.push(...walk(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

function readText(path) {
  const buffer = readFileSync(join(root, path));
  // A NUL byte early on means a binary file (images, archives, fonts).
  if (buffer.subarray(0, 8000).includes(0)) return null;
  return buffer.toString('utf8');
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(markdown) {
  const ids = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*~]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

const idsCache = new Map();
function idsOf(absolutePath) {
  if (!idsCache.has(absolutePath)) {
    idsCache.set(absolutePath, headingIds(readFileSync(absolutePath, 'utf8')));
  }
  return idsCache.get(absolutePath);
}

/** Why `target` (a path relative to the repository root, maybe with #anchor) is broken, if it is. */
function brokenTarget(targetPath, anchor) {
  const absolute = resolve(root, targetPath);
  if (!absolute.startsWith(root + sep) && absolute !== root) return 'points outside the repository';
  if (!existsSync(absolute)) return 'no such file';
  if (anchor && statSync(absolute).isFile() && absolute.endsWith('.md')) {
    if (!idsOf(absolute).has(decodeURIComponent(anchor).toLowerCase())) {
      return `no heading #${anchor}`;
    }
  }
  return null;
}

const docFiles = (files) =>
  files.filter(
    (path) =>
      (path.startsWith('docs/') && path.endsWith('.md')) ||
      ['README.md', 'CONTRIBUTING.md', 'e2e/README.md'].includes(path),
  );

/** Lines inside fenced code blocks are examples, not links. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

export function check() {
  // A Set: a doc's link to a docs page is also a citation of it, reported once.
  const problems = new Set();
  const report = (path, index, message) => problems.add(`${path}:${index + 1}: ${message}`);
  const files = trackedFiles().filter((path) => !skipped.some((pattern) => pattern.test(path)));

  for (const path of docFiles(files)) {
    const lines = proseLines(readFileSync(join(root, path), 'utf8'));
    lines.forEach((line, index) => {
      for (const [, target] of line.matchAll(markdownLink)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        const [file, anchor] = target.split('#');
        const targetPath = relative(
          root,
          resolve(root, file === '' ? path : join(dirname(path), file)),
        );
        const why = brokenTarget(targetPath, anchor);
        if (why !== null) report(path, index, refusal(targetPath, anchor, why));
      }
    });
  }

  for (const path of files) {
    const text = readText(path);
    if (text === null) continue;
    text.split('\n').forEach((line, index) => {
      if (outsidePattern.test(line)) {
        report(path, index, 'points at a document outside the repository; cite docs/product.md');
      }
      if (specSectionPattern.test(line)) {
        report(path, index, 'cites a section of the outside specification; cite docs/product.md#…');
      }
      if (trackerPattern.test(line)) {
        report(path, index, 'cites a tracker issue number; cite a docs/ page or section instead');
      }
      for (const [, page, anchor] of line.matchAll(docCitation)) {
        const why = brokenTarget(`docs/${page}`, anchor);
        if (why !== null) report(path, index, refusal(`docs/${page}`, anchor, why));
      }
    });
  }
  return [...problems];
}

function refusal(targetPath, anchor, why) {
  return `broken reference ${targetPath.split(sep).join('/')}${anchor ? `#${anchor}` : ''} (${why})`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = check();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s): the repository must stand on its own.`);
    process.exit(1);
  }
  console.log(`check-doc-links: ${relative(process.cwd(), root) || '.'} is self-contained.`);
}

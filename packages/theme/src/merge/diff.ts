import { utf8Text } from './theme-json.ts';

/**
 * A unified diff (`diff -u`, three lines of context) of one file, for a person re-applying their
 * edits: Myers' algorithm over lines, abandoned for a whole-file hunk past MAX_EDITS differences
 * (two unrelated files), so a hostile pair of files costs bounded time.
 */
const CONTEXT = 3;
const MAX_EDITS = 4000;

type Edit = { kind: ' ' | '-' | '+'; line: string };

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The shortest edit script from `a` to `b`, or undefined past MAX_EDITS. */
function myers(a: readonly string[], b: readonly string[]): Edit[] | undefined {
  const max = Math.min(a.length + b.length, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on each diagonal before step d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = goesDown(v, offset, k, d) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) return backtrack(a, b, trace, offset);
    }
  }
  return undefined;
}

/** Whether diagonal `k` is reached from the one above (an insertion) rather than a deletion. */
function goesDown(v: Int32Array, offset: number, k: number, d: number): boolean {
  return k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
}

function backtrack(
  a: readonly string[],
  b: readonly string[],
  trace: readonly Int32Array[],
  offset: number,
): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const v = trace[d]!;
    const k = x - y;
    const previousK = goesDown(v, offset, k, d) ? k + 1 : k - 1;
    const previousX = v[offset + previousK]!;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      edits.push({ kind: ' ', line: a[x]! });
    }
    if (d > 0) {
      if (x === previousX) edits.push({ kind: '+', line: b[previousY]! });
      else edits.push({ kind: '-', line: a[previousX]! });
    }
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

function range(start: number, count: number): string {
  // `diff -u` names an empty range by the line before it.
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

function hunks(edits: readonly Edit[]): string[] {
  const out: string[] = [];
  const changed = edits.flatMap((edit, index) => (edit.kind === ' ' ? [] : [index]));
  let cursor = 0;
  while (cursor < changed.length) {
    let last = cursor;
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! <= 2 * CONTEXT + 1) {
      last += 1;
    }
    const from = Math.max(0, changed[cursor]! - CONTEXT);
    const to = Math.min(edits.length, changed[last]! + CONTEXT + 1);
    let oldStart = 1;
    let newStart = 1;
    for (const edit of edits.slice(0, from)) {
      if (edit.kind !== '+') oldStart += 1;
      if (edit.kind !== '-') newStart += 1;
    }
    const body = edits.slice(from, to);
    const oldCount = body.filter((edit) => edit.kind !== '+').length;
    const newCount = body.filter((edit) => edit.kind !== '-').length;
    out.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`);
    for (const edit of body) out.push(`${edit.kind}${edit.line}`);
    cursor = last + 1;
  }
  return out;
}

/**
 * `before` to `after` (undefined: the file does not exist on that side), labelled with where
 * each side comes from.
 */
export function unifiedDiff(
  file: string,
  before: { bytes: Uint8Array | undefined; label: string },
  after: { bytes: Uint8Array | undefined; label: string },
): string {
  const header = [
    `--- ${before.bytes === undefined ? '/dev/null' : `a/${file}`}\t${before.label}`,
    `+++ ${after.bytes === undefined ? '/dev/null' : `b/${file}`}\t${after.label}`,
  ];
  const oldText = before.bytes === undefined ? '' : utf8Text(before.bytes);
  const newText = after.bytes === undefined ? '' : utf8Text(after.bytes);
  if (oldText === undefined || newText === undefined || /\0/.test(oldText + newText)) {
    return [...header, `Binary files a/${file} and b/${file} differ`, ''].join('\n');
  }
  const a = linesOf(oldText);
  const b = linesOf(newText);
  const edits = myers(a, b) ?? [
    ...a.map((line): Edit => ({ kind: '-', line })),
    ...b.map((line): Edit => ({ kind: '+', line })),
  ];
  return [...header, ...hunks(edits), ''].join('\n');
}

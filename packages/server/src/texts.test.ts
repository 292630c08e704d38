import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { texts } from './texts.ts';

/**
 * Every text of a catalogue with where it sits: a string as it is, a sentence with blanks
 * (`endsOn(date)`) filled with markers, so two functions that spell the same sentence match.
 */
function leaves(node: unknown, at: string): { at: string; text: string }[] {
  if (typeof node === 'string') return [{ at, text: node }];
  if (typeof node === 'function') {
    const blanks = Array.from({ length: node.length }, (_, index) => `{${index}}`);
    return [{ at: `${at}(…)`, text: String((node as (...args: string[]) => unknown)(...blanks)) }];
  }
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, `${at}.${key}`));
  }
  return [];
}

describe("the server's own texts (docs/architecture.md, 'Where each kind of change goes')", () => {
  it("spell no sentence of core's catalogue: a text the client also has comes from `messages`", () => {
    const core = new Map(leaves(messages, 'messages').map((leaf) => [leaf.text, leaf.at]));
    const twice = leaves(texts, 'texts')
      .filter((leaf) => core.has(leaf.text))
      .map((leaf) => `${leaf.at} = ${core.get(leaf.text) ?? ''}: ${leaf.text}`);
    expect(twice).toEqual([]);
  });

  it('spell each of their own sentences once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const leaf of leaves(texts, 'texts')) {
      const first = seen.get(leaf.text);
      if (first === undefined) seen.set(leaf.text, leaf.at);
      else twice.push(`${leaf.at} = ${first}: ${leaf.text}`);
    }
    expect(twice).toEqual([]);
  });
});

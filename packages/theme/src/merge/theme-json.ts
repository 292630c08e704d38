/**
 * Shopify's JSON files (templates, section groups, config, locales) as Shopify reads them: JSON
 * that may carry `/* … *\/` and `//` comments (the editor writes a comment atop every template
 * it saves). Nothing else is tolerated: a trailing comma is as wrong here as in Shopify.
 */

/** The file's text with its comments blanked out (strings left alone), for `JSON.parse`. */
export function stripJsonComments(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      // A string, to its closing quote (an escaped quote does not close it).
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end === -1) throw new SyntaxError('unterminated comment');
      out += ' ';
      index = end + 2;
    } else if (char === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index + 2);
      out += ' ';
      index = end === -1 ? text.length : end;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The bytes as UTF-8 text, or undefined when they are not (a binary file). */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A theme JSON file's value; throws a SyntaxError when Shopify would not read it either. */
export function parseThemeJson(bytes: Uint8Array): unknown {
  const text = utf8Text(bytes);
  if (text === undefined) throw new SyntaxError('not UTF-8');
  return JSON.parse(stripJsonComments(text)) as unknown;
}

/** What every merged JSON file is written as. */
export function themeJsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}

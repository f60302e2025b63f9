import type { ResolvedPath } from '../../expressions';

/**
 * Attribute paths as the builder's text inputs take them: names joined by
 * dots, `[n]` list indexes, and `"quoted"` names for names that contain a dot,
 * a bracket or a quote (`"first.name"`, `tags[0]`, `address."zip code"`).
 * Spaces inside names need no quotes: the builder turns every name DynamoDB
 * can't take literally into a `#placeholder` anyway.
 */

export type PathTextResult = { readonly ok: true; readonly path: ResolvedPath } | { readonly ok: false; readonly message: string };

const NEEDS_QUOTES = /[.[\]"]|^\s|\s$|^$/;

/** Reads a path typed in the builder, e.g. `address."zip code"` → ["address", "zip code"]. */
export function parsePathText(text: string): PathTextResult {
  const source = text.trim();
  if (source === '') return { ok: false, message: 'Enter an attribute name (e.g. status, address.city, tags[0]).' };
  const path: (string | number)[] = [];
  let i = 0;
  let expectName = true;
  while (i < source.length) {
    const char = source[i];
    if (expectName) {
      if (char === '"') {
        let name = '';
        i++;
        for (;;) {
          if (i >= source.length) return { ok: false, message: `The quoted name starting at character ${path.length === 0 ? 1 : i} has no closing ".` };
          if (source[i] === '"') {
            if (source[i + 1] === '"') {
              name += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          name += source[i];
          i++;
        }
        if (name === '') return { ok: false, message: 'An attribute name can\'t be empty ("").' };
        path.push(name);
      } else {
        const start = i;
        while (i < source.length && !'.[]"'.includes(source[i] as string)) i++;
        const name = source.slice(start, i).trim();
        if (name === '') return { ok: false, message: `Expected an attribute name at character ${start + 1} of "${source}".` };
        path.push(name);
      }
      expectName = false;
      continue;
    }
    if (char === '.') {
      expectName = true;
      i++;
      continue;
    }
    if (char === '[') {
      const close = source.indexOf(']', i);
      const digits = close < 0 ? '' : source.slice(i + 1, close).trim();
      if (!/^\d+$/.test(digits))
        return { ok: false, message: `A list index is written [0], [1], …: "${source.slice(i, close < 0 ? undefined : close + 1)}" is not one.` };
      path.push(Number(digits));
      i = close + 1;
      continue;
    }
    if (/\s/.test(char as string)) {
      i++;
      continue;
    }
    return {
      ok: false,
      message: `Unexpected ${JSON.stringify(char)} at character ${i + 1}: join names with dots, and quote names that contain dots ("first.name").`,
    };
  }
  if (expectName) return { ok: false, message: `"${source}" ends with a dot: add the nested attribute's name.` };
  return { ok: true, path };
}

/** Prints a path so {@link parsePathText} reads it back, quoting only where needed. */
export function printPathText(path: ResolvedPath): string {
  let out = '';
  path.forEach((element, index) => {
    if (typeof element === 'number') {
      out += `[${element}]`;
      return;
    }
    const name = NEEDS_QUOTES.test(element) ? `"${element.replaceAll('"', '""')}"` : element;
    out += index === 0 ? name : `.${name}`;
  });
  return out;
}

import { compareUtf8 } from '../../../keys';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { fieldValues, isSortKey, quoteTemplate, siteSubject, stringKeyFieldSites } from './orderingSupport';

/**
 * review.nonAsciiOrder — a string field whose values hold characters where
 * UTF-16 order (JavaScript's `<`, `Array.prototype.sort`) and UTF-8 byte
 * order (DynamoDB's) disagree: characters from U+E000 to U+FFFF against
 * characters beyond U+FFFF (emoji, stored as surrogate pairs). A client that
 * sorts or merges keys with `<` puts them in another order than a Query.
 */
export const nonAsciiOrder: ReviewRule = {
  code: 'review.nonAsciiOrder',
  severity: 'warning',
  title: 'Characters JavaScript orders differently from DynamoDB',
  why: 'DynamoDB orders strings by UTF-8 bytes; JavaScript\'s < compares UTF-16 code units, in which an emoji (a surrogate pair, 0xD800–0xDFFF) sorts before "～" (U+FF5E) although its UTF-8 bytes sort after. Client-side sorts, merges and pagination checks then disagree with DynamoDB.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => site.field.format.kind === 'string')) {
      const values = [...new Set(fieldValues(site.review, site.field.name).filter((value): value is string => value !== undefined && HIGH_UNITS.test(value)))];
      if (values.length < 2) continue;
      values.sort(compareUtf8);
      const pair = firstUtf16Disagreement(values);
      if (!pair) continue;
      const [first, second] = pair;
      const sorted = isSortKey(site.template);
      findings.push(
        context.finding('review.nonAsciiOrder', sorted ? 'warning' : 'note', siteSubject(site), {
          message: `${site.review.entity.name}'s ${quoteTemplate(site)} has ${site.field.name} values whose UTF-8 order (DynamoDB's) and UTF-16 order (JavaScript's <) differ: DynamoDB puts ${describe(first, second)} first, a JavaScript sort puts it last.`,
          evidence: [
            { label: 'DynamoDB (UTF-8 bytes)', text: `${first}  then  ${second}` },
            { label: 'JavaScript < and sort() (UTF-16)', text: `${second}  then  ${first}` },
          ],
          suggestion:
            "Sort and compare keys on the client by UTF-8 bytes (Buffer.compare, or a comparator like Keylab's compareUtf8), never with < or localeCompare; or keep such characters out of key fields.",
        }),
      );
    }
    return findings;
  },
};

/** A UTF-16 unit at or above 0xD800: a surrogate or U+E000–U+FFFF, the only ones where the two orders can differ. */
const HIGH_UNITS = /[\uD800-\uFFFF]/;

/**
 * The first neighbours (in UTF-8 order) that UTF-16 order puts the other way
 * round. Neighbours suffice: if each neighbouring pair agreed, the whole list
 * would be in UTF-16 order too.
 */
function firstUtf16Disagreement(sortedByUtf8: readonly string[]): readonly [string, string] | undefined {
  for (let index = 1; index < sortedByUtf8.length; index++) {
    const first = sortedByUtf8[index - 1] as string;
    const second = sortedByUtf8[index] as string;
    // JavaScript's < on purpose, only to show the disagreement: every order this project computes uses compareUtf8.
    if (second < first) return [first, second];
  }
  return undefined;
}

/** `"～" (U+FF5E) before "😀" (U+1F600)`: the first characters where the two values differ. */
function describe(first: string, second: string): string {
  const [a, b] = [...firstDifferentCharacters(first, second)];
  return `${quoteCharacter(a)} before ${quoteCharacter(b)}`;
}

function firstDifferentCharacters(a: string, b: string): [string, string] {
  const left = [...a];
  const right = [...b];
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index++;
  return [left[index] ?? '', right[index] ?? ''];
}

function quoteCharacter(character: string | undefined): string {
  if (!character) return 'the end';
  return `"${character}" (U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`;
}

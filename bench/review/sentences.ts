import { wordsOf, type ShownText, type TextKind } from './reviewTexts';

/**
 * The reading checks of every text the review shows: what a reader would
 * stumble on. Each check names what is wrong; the sentence checks apply only
 * where a sentence is expected (a finding's message and suggestion, a
 * pattern's reason or problem), the label check to a button's label.
 */

export type CheckName =
  'doubledWord' | 'doubledStop' | 'garbledWords' | 'placeholder' | 'marker' | 'unbalancedBackticks' | 'lowercaseStart' | 'lowercaseAfterStop' | 'noFinalStop';

/** Kinds read as sentences: a capital (or quoted code) first, a stop last. */
const SENTENCES: ReadonlySet<TextKind> = new Set(['message', 'suggestion', 'reason', 'problem']);
/** Kinds that start with a capital but end without a stop (a button's label). */
const LABELS: ReadonlySet<TextKind> = new Set(['fixLabel']);

/** The visible markers of invisible characters (VisibleText's ␣, Control Pictures, ⟨U+…⟩): for data, never in the app's words. */
const MARKER = /[\u2400-\u2426]|⟨U\+[0-9A-F]{4,6}⟩/u;
/** Template leftovers: an unfilled `${`, a value that was missing or not text, an empty `{}`. */
const PLACEHOLDER = /\$\{|\bundefined\b|\bnull\b|\[object \w+\]|\bNaN\b|\{\s*\}/;
/** A placeholder of another notation than the app's `{field}` (`<paddedScore>`): a fixed example from elsewhere. Not checked in the design's own words (a description may write `<id>`). */
const FOREIGN_PLACEHOLDER = /<[A-Za-z][A-Za-z0-9]*>/;
/** Kinds written by the app alone (the design's names are quoted in them, its descriptions are not). */
const APP_WORDS: ReadonlySet<TextKind> = new Set(['message', 'suggestion', 'reason', 'problem', 'fixLabel', 'evidenceLabel']);
/** The same word twice ("the the"), in the words (code spans are data and may repeat). */
const DOUBLED = /\b([A-Za-z]+)\s+\1\b/i;
/** Words that never follow each other in a sentence: a template that lost or doubled a word ("it the condition", "are partitioned table Shop by"). */
const GARBLED = /\b(?:it the|it an|a the|the a|an the|the an|a an|an a|partitioned (?:table|index))\b/i;

/** The checks a text fails, by name (empty: it reads well). */
export function sentenceProblems(shown: Pick<ShownText, 'kind' | 'text'> & { readonly names?: ReadonlySet<string> }): CheckName[] {
  const { kind, text, names = new Set<string>() } = shown;
  // A word in lower case is fine where it is one of the design's names, spelled as the design does ("customer's sort key").
  const lowerWord = (word: string | undefined) => word !== undefined && /^[a-z]/.test(word) && !names.has(word.replace(/(?:'s|’s)$/, ''));
  const words = wordsOf(text);
  const problems: CheckName[] = [];
  if (DOUBLED.test(words)) problems.push('doubledWord');
  if (GARBLED.test(words)) problems.push('garbledWords');
  // Two stops where a sentence ended in quoted code or evidence and got another ("…before "b".."), not an ellipsis.
  if (/(?<!\.)\.`?\.(?!\.)/.test(text)) problems.push('doubledStop');
  // The review document's code runs are the design's data (keys, item values: `{}` is an empty map there): read its words only.
  const read = kind === 'documentProse' ? words : text;
  if (PLACEHOLDER.test(read) || (APP_WORDS.has(kind) && FOREIGN_PLACEHOLDER.test(read))) problems.push('placeholder');
  if (MARKER.test(read)) problems.push('marker');
  if ((text.match(/`/g) ?? []).length % 2 === 1) problems.push('unbalancedBackticks');
  if ((SENTENCES.has(kind) || LABELS.has(kind)) && lowerWord(/^\s*([^\s:,;]+)/.exec(text)?.[1])) problems.push('lowercaseStart');
  if ((SENTENCES.has(kind) || kind === 'documentProse') && [...words.matchAll(/[.!?] +([^\s:,;]+)/g)].some(([, word]) => lowerWord(word)))
    problems.push('lowercaseAfterStop');
  if (SENTENCES.has(kind) && !/[.!?]["'’”)\]`]*$/.test(text.trim())) problems.push('noFinalStop');
  return problems;
}

/**
 * The app's messages (review findings, fix labels, suggestions, pattern
 * verdicts' reasons) quote code between backticks: "Use `{score:int(10)}`".
 * One split of such a message into words and code spans, so every surface
 * (the review list, the fix button, the slides, the review document and its
 * Markdown) shows the words as words and the code as code, never a backtick.
 */

/** A run of a message: the app's words, or code it quotes (a template, a key, an expression). */
export interface MessageSpan {
  readonly kind: 'text' | 'code';
  readonly text: string;
}

/**
 * Splits a message at its backticks: the odd runs are code. An unpaired
 * backtick is kept as text with what follows it, so no message loses a
 * character; empty runs are dropped (a message of only words is one span).
 *
 * @example
 * splitMessageText("Use `{score:int(10)}`") // [{ kind: "text", text: "Use " }, { kind: "code", text: "{score:int(10)}" }]
 * splitMessageText("Add a `# tiebreaker") // [{ kind: "text", text: "Add a `# tiebreaker" }]
 */
export function splitMessageText(message: string): readonly MessageSpan[] {
  const runs = message.split('`');
  // An even number of runs means one backtick has no partner: the last one is text, with its backtick.
  const unpaired = runs.length % 2 === 0 ? runs.splice(-2).join('`') : undefined;
  const spans: MessageSpan[] = runs.map((text, index) => ({ kind: index % 2 === 1 ? 'code' : 'text', text }));
  if (unpaired !== undefined) spans.push({ kind: 'text', text: unpaired });
  // Adjacent words (the unpaired tail after words) read as one span.
  const merged: MessageSpan[] = [];
  for (const span of spans) {
    if (span.text === '') continue;
    const last = merged.at(-1);
    if (last && last.kind === 'text' && span.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + span.text };
    else merged.push(span);
  }
  return merged;
}

/**
 * The message as a reader (or a screen reader) says it: code spans' text
 * without their backticks. For accessible names, titles and other places
 * that take plain text.
 *
 * @example
 * plainMessageText("Use `{at:iso}`") // "Use {at:iso}"
 */
export function plainMessageText(message: string): string {
  return splitMessageText(message)
    .map((span) => span.text)
    .join('');
}

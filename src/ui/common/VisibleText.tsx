import { memo } from 'react';
import { splitMessageText } from '../../design';
import type { MessagePart } from '../../state';
import { toVisibleText, type VisiblePart } from './visibleText';

/**
 * Renders untrusted text (keys, values) as text, with control characters and
 * invisible whitespace made visible so two keys that look equal can be told apart.
 * Bidirectional controls become markers too, and the whole value is a `<bdi>`
 * (its own bidi isolate): right-to-left data can't reorder the sentence around it.
 * Memoised: a re-render of a long list (review findings, sample rows) skips every unchanged text.
 */
export const VisibleText = memo(function VisibleText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi className={className}>
      <VisibleParts parts={toVisibleText(text)} />
    </bdi>
  );
});

/** Parts of {@link toVisibleText} (e.g. one line of a wrapped key): text as text, invisible characters as their marker. */
export function VisibleParts({ parts }: { parts: readonly VisiblePart[] }) {
  return parts.map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <span key={index} className="invisible-char" title={part.title}>
        {part.symbol}
      </span>
    ),
  );
}

/**
 * Text whose edge spaces are layout (prose runs, indented lines): they stay spaces, and only the
 * body between them goes through VisibleText.
 */
export function VisibleProse({ text }: { readonly text: string }) {
  const [, before = '', body = '', after = ''] = /^( *)(.*?)( *)$/su.exec(text) ?? [];
  return (
    <>
      {before}
      {body !== '' && <VisibleText text={body} />}
      {after}
    </>
  );
}

/**
 * Preformatted text (a report, a code block) line by line: line breaks and indentation as they
 * are, every other invisible or bidi character as its marker. For a `<pre>` or `<code>`.
 */
export function VisibleLines({ text }: { readonly text: string }) {
  return text.split(/\r\n|\r|\n/).map((line, index) => [index > 0 ? '\n' : '', <VisibleProse key={index} text={line} />]);
}

/** A sentence that quotes data: the app's words as text, each quoted value isolated and with its markers. */
export function MessageText({ parts }: { parts: readonly MessagePart[] }) {
  return parts.map((part, index) => (typeof part === 'string' ? part : <VisibleText key={index} text={part.data} />));
}

/**
 * One of the app's own messages (a finding, a fix label, a suggestion, a pattern's reason) that
 * quotes code between backticks: the words as words (the spaces between them are spaces, never
 * markers; data quoted in them is still isolated and its invisible characters marked), each code
 * span a `<code>` holding its text exactly, invisible characters and edge spaces marked as in a key.
 * No backtick is shown, and an accessible name taken from it reads "Use {at:iso}".
 */
export function MessageSpans({ text }: { readonly text: string }) {
  return splitMessageText(text).map((span, index) =>
    span.kind === 'code' ? (
      <code key={index}>
        <VisibleText text={span.text} />
      </code>
    ) : (
      <VisibleProse key={index} text={span.text} />
    ),
  );
}

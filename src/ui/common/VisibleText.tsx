import { toVisibleText } from './visibleText';

/**
 * Renders untrusted text (keys, values) as text, with control characters and
 * invisible whitespace made visible so two keys that look equal can be told apart.
 */
export function VisibleText({ text, className }: { text: string; className?: string }) {
  const parts = toVisibleText(text);
  return (
    <span className={className}>
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span key={index} className="invisible-char" title={part.title}>
            {part.symbol}
          </span>
        ),
      )}
    </span>
  );
}

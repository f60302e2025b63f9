import { VisibleText } from '../common/VisibleText';

/** Format characters (bidi controls, zero-width ones, the BOM), line/paragraph separators, and controls other than tab and line feed. */
const HIDDEN = /[\p{Cf}\p{Zl}\p{Zp}]|(?![\t\n])\p{Cc}/u;

/**
 * Under a field that edits untrusted text (a design's name or description from a file or a link):
 * a field shows its value raw, so a right-to-left override reads "invoice\u202Egnp.exe" as
 * "invoiceexe.png"; when the value holds such characters, this note shows it with markers.
 */
export function HiddenCharactersNote({ text, what }: { readonly text: string; readonly what: string }) {
  if (!HIDDEN.test(text)) return null;
  return (
    <p className="muted small wrap-anywhere">
      The {what} holds invisible or direction-changing characters; it reads: <VisibleText text={text} />
    </p>
  );
}

import { decodeDesignText } from '../../design';
import type { CheckFileProblem } from '../checkReport.types';
import { formatDesignText, layoutProblem } from './formatDesignText';

/**
 * `keylab check --check-format`: whether a Keylab design file is in the
 * canonical layout (the bytes `keylab format` would write), and if not, a
 * problem naming where it first differs (`file:line:column: error: not in
 * the canonical layout …`). Other formats have no Keylab layout: undefined.
 *
 * @example
 * layoutDriftOf(bytes, "designs/shop.keylab.json")
 * // { severity: "error", path: "", line: 57, column: 14, message: "not in the canonical layout (keylab format): line 57 is …" }
 */
export function layoutDriftOf(bytes: Uint8Array, fileName: string): CheckFileProblem | undefined {
  const decoded = decodeDesignText(bytes, fileName);
  if (!decoded.ok) return undefined;
  const result = formatDesignText(decoded.text, fileName);
  if (result.kind === 'other') return undefined;
  if (result.kind === 'unreadable') {
    // A design whose reader drops something (an unknown key): keylab format won't rewrite it until that is fixed.
    const first = result.problems[0];
    return first
      ? {
          severity: 'error',
          path: first.path,
          ...(first.line !== undefined ? { line: first.line } : {}),
          ...(first.column !== undefined ? { column: first.column } : {}),
          message: `not in the canonical layout (keylab format): ${first.message}`,
        }
      : undefined;
  }
  const canonical = new TextEncoder().encode(result.canonical);
  if (sameBytes(bytes, canonical)) return undefined;
  // The same text in other bytes: a byte-order mark before it.
  return layoutProblem(fileName, result.difference ?? { line: 1, column: 1, found: '\uFEFF', expected: '' });
}

/** The exit code of a run from its parts: 2 (unreadable) over 1 (failing) over 0. */
export function combineExitCodes(...codes: readonly (0 | 1 | 2)[]): 0 | 1 | 2 {
  return codes.includes(2) ? 2 : codes.includes(1) ? 1 : 0;
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

import type { DesignProblem } from '../design.types';
import type { ImportReportEntry } from './importResult';
import type { LiteralValue, ObjectLiteral, TextPosition, UnreadValue } from './moduleLiterals';

/*
 * What reading an ElectroDB module collects: errors (with line and column), warnings and the import report,
 * and the two readers every part of the import uses: a string literal and an object literal, each refusing
 * an unread value (a function, an identifier) with where it is and what to write instead.
 */

export function problem(path: string, message: string, at?: TextPosition, severity: 'error' | 'warning' = 'error'): DesignProblem {
  return { path, message: path ? `${path}: ${message}` : message, severity, ...(at ? { line: at.line, column: at.column } : {}) };
}

function where(at: TextPosition): string {
  return `line ${at.line}, column ${at.column}`;
}

export function describeUnread(value: UnreadValue): string {
  return `${value.what}${value.text && !value.what.includes(value.text) ? ` (${value.text})` : ''} at ${where(value.at)}`;
}

export class ElectroDbReadContext {
  readonly errors: DesignProblem[] = [];
  readonly warnings: DesignProblem[] = [];
  readonly report: ImportReportEntry[] = [];
  constructor(readonly fileName: string) {}

  error(path: string, message: string, at?: TextPosition): undefined {
    this.errors.push(problem(path, message, at));
    return undefined;
  }

  warn(path: string, message: string, at?: TextPosition): void {
    this.warnings.push(problem(path, message, at, 'warning'));
  }

  /** A value that must be a non-empty string literal. */
  string(value: LiteralValue | undefined, path: string, what: string): string | undefined {
    if (value?.kind === 'string' && value.value !== '') return value.value;
    if (value?.kind === 'unread')
      return this.error(
        path,
        `${describeUnread(value)} was not read: Keylab reads literals only and never runs the module; write ${what} as a literal.`,
        value.at,
      );
    if (value === undefined) return this.error(path, `missing: give ${what}.`);
    return this.error(path, `${value.kind === 'number' ? value.text : value.kind} is not ${what}.`, value.at);
  }

  object(value: LiteralValue | undefined, path: string, what: string): ObjectLiteral | undefined {
    if (value?.kind === 'object') {
      for (const unread of value.unread)
        this.error(
          `${path}`,
          `${describeUnread(unread)} was not read (Keylab reads literals only and never runs the module): spell out ${what} as a literal.`,
          unread.at,
        );
      return value;
    }
    if (value?.kind === 'unread')
      return this.error(
        path,
        `${describeUnread(value)} was not read: Keylab reads literals only and never runs the module; write ${what} as an object literal.`,
        value.at,
      );
    return this.error(path, `${value ? value.kind : 'nothing'} is not ${what}.`, value?.at);
  }
}

import type { DesignProblem } from '../design.types';
import { describeJsonType, errorAt, isPlainObject, memberPath, quotedChoices, warningAt } from './problemPath';

/**
 * The reading side of a design file: typed getters that report what is
 * wrong at which path, and drop (with a warning) whatever the format does
 * not know, so nothing unknown is ever kept and written back out.
 */

/** Most problems a load reports; more would bury the first one. */
export const MAX_REPORTED_PROBLEMS = 200;

/**
 * Names that look like credentials or connection settings. A design never
 * carries them: such keys are dropped and the warning says why.
 */
export const SECRET_LIKE = /access.?key|secret|session.?token|credential|password|passwd|token|api.?key|authori[sz]ation|endpoint|region|profile|connection/i;

export const CREDENTIALS_WARNING = 'design files never carry credentials or connection settings: this key was dropped.';

/**
 * Two kinds of error: a shape error (a value of the wrong JSON type, a field the
 * design type requires that is missing, a name that is no choice) means the
 * value is not a `Design` the screens can walk; any other error breaks a rule
 * of the format (an empty name, a duplicate, a template that doesn't parse).
 * The reader reports both; `hasDesignShape` is "no shape error" — the one
 * shape check, so the stores keep a design saved mid-edit (rule errors only)
 * and refuse one they could not show.
 */
export class DocumentReader {
  readonly problems: DesignProblem[] = [];
  private shapeErrors = 0;
  private missingFields = 0;
  private errors = 0;
  private muted = 0;

  /**
   * @param complete The value is an in-memory `Design` (what the stores keep), not a file: a field the
   * format lets a file leave out (a description, an empty list) is counted when absent (missingFieldCount).
   */
  constructor(readonly complete = false) {}

  get errorCount(): number {
    return this.errors;
  }

  /** Shape errors so far (see the class). */
  get shapeErrorCount(): number {
    return this.shapeErrors;
  }

  /** A broken rule of the format (not recorded while rules are muted). */
  error(path: string, message: string): undefined {
    if (this.muted > 0) return undefined;
    this.errors++;
    this.problems.push(errorAt(path, message));
    return undefined;
  }

  /** A value that is not of the design's shape (always recorded). */
  shapeError(path: string, message: string): undefined {
    this.errors++;
    this.shapeErrors++;
    this.problems.push(errorAt(path, message));
    return undefined;
  }

  /** Rule problems found by another reader (a sample's DynamoDB JSON), unless rules are muted. */
  ruleProblems(problems: readonly DesignProblem[]): void {
    for (const problem of problems) {
      if (problem.severity === 'error') this.error(problem.path, problem.message);
      else this.warn(problem.path, problem.message);
    }
  }

  /**
   * Reads what lies under a part that already broke a rule for its shape only: its rule errors
   * would repeat the first (a pattern of a broken entity), but a shape error under it still counts.
   */
  shapeOnly<T>(read: () => T): T {
    this.muted++;
    try {
      return read();
    } finally {
      this.muted--;
    }
  }

  /**
   * Fields a file may leave out (read as their default) that a complete design lacks: no error (the
   * reader fills them in), but the value itself is no `Design` the screens can walk as it is.
   */
  get missingFieldCount(): number {
    return this.missingFields;
  }

  /** A field a file may leave out is absent (see missingFieldCount). */
  missingField(): void {
    if (this.complete) this.missingFields++;
  }

  /** A field the format may leave out, read as `fallback` (counted as missing in a complete design). */
  private defaulted<T>(fallback: T): T {
    this.missingField();
    return fallback;
  }

  warn(path: string, message: string): void {
    if (this.muted > 0) return;
    this.problems.push(warningAt(path, message));
  }

  /** The object at `path` with only `known` keys; others are dropped with a warning. */
  object(value: unknown, path: string, known: readonly string[], example: string): Record<string, unknown> | undefined {
    if (!isPlainObject(value)) return this.shapeError(path, `must be an object such as ${example}, not ${describeJsonType(value)}.`);
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      if (SECRET_LIKE.test(key)) this.warn(memberPath(path, key), CREDENTIALS_WARNING);
      else this.warn(memberPath(path, key), `unknown key "${key}" was dropped (known here: ${known.join(', ')}).`);
    }
    return value;
  }

  /** A required string; `nonEmpty` refuses "". */
  string(owner: Record<string, unknown>, key: string, path: string, options: { nonEmpty?: boolean; fallback?: string } = {}): string | undefined {
    const value = owner[key];
    const at = memberPath(path, key);
    if (value === undefined && options.fallback !== undefined) return this.defaulted(options.fallback);
    if (value === undefined) return this.shapeError(at, `is missing: add "${key}": "…".`);
    if (typeof value !== 'string') return this.shapeError(at, `must be text ("${key}": "…"), not ${describeJsonType(value)}.`);
    if (options.nonEmpty && value.trim().length === 0) return this.error(at, `is empty: give it a name.`);
    return value;
  }

  optionalString(owner: Record<string, unknown>, key: string, path: string): string | undefined {
    return owner[key] === undefined ? undefined : this.string(owner, key, path);
  }

  /** One of `choices`; `fallback` when missing (required without it). */
  choice<T extends string>(owner: Record<string, unknown>, key: string, path: string, choices: readonly T[], fallback?: T): T | undefined {
    const value = owner[key];
    const at = memberPath(path, key);
    if (value === undefined && fallback !== undefined) return this.defaulted(fallback);
    if (value === undefined) return this.shapeError(at, `is missing: write ${quotedChoices(choices)}.`);
    if (typeof value === 'string' && choices.includes(value as T)) return value as T;
    const nearby = typeof value === 'string' ? choices.find((choice) => choice.toLowerCase() === value.toLowerCase().replace(/[\s-]/g, '_')) : undefined;
    return this.shapeError(at, `${describeJsonType(value)} is not allowed: write ${nearby ? `"${nearby}"` : quotedChoices(choices)}.`);
  }

  boolean(owner: Record<string, unknown>, key: string, path: string, fallback: boolean): boolean | undefined {
    const value = owner[key];
    if (value === undefined) return this.defaulted(fallback);
    return typeof value === 'boolean' ? value : this.shapeError(memberPath(path, key), `must be true or false, not ${describeJsonType(value)}.`);
  }

  /** A whole number ≥ `min`; undefined when missing (the caller decides whether that is allowed). */
  integer(owner: Record<string, unknown>, key: string, path: string, min: number, what: string): number | undefined {
    const value = owner[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      // Not a number at all is the wrong shape; a number out of range breaks a rule.
      return (typeof value === 'number' ? this.error : this.shapeError).call(
        this,
        memberPath(path, key),
        `${what} must be a whole number ${min === 0 ? '0 or more' : `of at least ${min}`}, not ${describeJsonType(value)}.`,
      );
    }
    return value;
  }

  /** A positive finite number, or undefined when missing. */
  positiveNumber(owner: Record<string, unknown>, key: string, path: string, what: string): number | undefined {
    const value = owner[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      return (typeof value === 'number' ? this.error : this.shapeError).call(
        this,
        memberPath(path, key),
        `${what} must be a number above 0, not ${describeJsonType(value)}.`,
      );
    return value;
  }

  /** A list; `fallback` when missing (required without it). */
  array(owner: Record<string, unknown>, key: string, path: string, example: string, fallback?: readonly unknown[]): readonly unknown[] | undefined {
    const value = owner[key];
    const at = memberPath(path, key);
    if (value === undefined && fallback !== undefined) return this.defaulted(fallback);
    if (value === undefined) return this.shapeError(at, `is missing: add "${key}": ${example}.`);
    return Array.isArray(value) ? value : this.shapeError(at, `must be a list such as ${example}, not ${describeJsonType(value)}.`);
  }

  /** A list of strings, each once. */
  stringList(owner: Record<string, unknown>, key: string, path: string, fallback?: readonly string[]): string[] | undefined {
    const list = this.array(owner, key, path, '["a", "b"]', fallback);
    if (list === undefined) return undefined;
    const at = memberPath(path, key);
    const strings: string[] = [];
    let ok = true;
    list.forEach((value, index) => {
      if (typeof value !== 'string' || value.length === 0) {
        ok = false;
        (typeof value === 'string' ? this.error : this.shapeError).call(
          this,
          `${at}[${index}]`,
          `must be a name (non-empty text), not ${describeJsonType(value)}.`,
        );
      } else if (strings.includes(value)) {
        ok = false;
        this.error(`${at}[${index}]`, `"${value}" is listed twice: list each name once.`);
      } else strings.push(value);
    });
    return ok ? strings : undefined;
  }

  /** An object of text values (`{ "customerId": "c1" }`), keys kept in order. */
  stringRecord(
    owner: Record<string, unknown>,
    key: string,
    path: string,
    example: string,
    fallback?: Record<string, string>,
  ): Record<string, string> | undefined {
    const value = owner[key];
    const at = memberPath(path, key);
    if (value === undefined && fallback !== undefined) return this.defaulted(fallback);
    if (value === undefined) return this.shapeError(at, `is missing: add "${key}": ${example}.`);
    if (!isPlainObject(value)) return this.shapeError(at, `must be an object of text values such as ${example}, not ${describeJsonType(value)}.`);
    const entries: [string, string][] = [];
    let ok = true;
    for (const [name, text] of Object.entries(value)) {
      if (typeof text === 'string') entries.push([name, text]);
      else {
        ok = false;
        this.shapeError(
          memberPath(at, name),
          `must be text${typeof text === 'number' ? ` (write "${String(text)}": numbers stay exact as text)` : ''}, not ${describeJsonType(text)}.`,
        );
      }
    }
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return ok ? Object.fromEntries(entries) : undefined;
  }

  /** An object of whole numbers ≥ 0 (`{ "customerId": 24 }`). */
  countRecord(owner: Record<string, unknown>, key: string, path: string, fallback: Record<string, number>): Record<string, number> | undefined {
    const value = owner[key];
    const at = memberPath(path, key);
    if (value === undefined) return this.defaulted(fallback);
    if (!isPlainObject(value)) return this.shapeError(at, `must be an object of whole numbers such as {"customerId": 24}, not ${describeJsonType(value)}.`);
    const entries: [string, number][] = [];
    for (const name of Object.keys(value)) {
      const count = this.integer(value, name, at, 0, 'a length');
      if (count !== undefined) entries.push([name, count]);
    }
    return entries.length === Object.keys(value).length ? Object.fromEntries(entries) : undefined;
  }
}

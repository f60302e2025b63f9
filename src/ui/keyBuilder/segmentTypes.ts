import { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS, type FieldFormat, type TemplateSegment } from '../../keys';
import { parseCount, type CountResult } from '../../state';

/** What the segment editor's type picker offers. */
export type SegmentType = 'literal' | 'string' | 'int' | 'sint' | 'dec' | 'iso' | 'epoch' | 'epochms';

export const SEGMENT_TYPE_LABELS: Readonly<Record<SegmentType, string>> = {
  literal: 'Literal text',
  string: 'String field',
  int: 'Integer, zero-padded',
  sint: 'Signed integer',
  dec: 'Decimal, fixed point',
  iso: 'ISO-8601 timestamp',
  epoch: 'Epoch seconds',
  epochms: 'Epoch milliseconds',
};

export function segmentTypeOf(segment: TemplateSegment): SegmentType {
  if (segment.kind === 'literal') return 'literal';
  const { format } = segment;
  if (format.kind === 'epoch') return format.unit === 's' ? 'epoch' : 'epochms';
  return format.kind;
}

/** The format a field gets when the user switches it to `type`: the article's defaults. */
export function defaultFormat(type: Exclude<SegmentType, 'literal'>): FieldFormat {
  switch (type) {
    case 'string':
      return { kind: 'string' };
    case 'int':
      return { kind: 'int', width: 10, descending: false };
    case 'sint':
      return { kind: 'sint', width: 10 };
    case 'dec':
      return { kind: 'dec', integerDigits: 8, fractionDigits: 2 };
    case 'iso':
      return { kind: 'iso', precision: 's' };
    case 'epoch':
      return { kind: 'epoch', unit: 's', width: 10 };
    case 'epochms':
      return { kind: 'epoch', unit: 'ms', width: 13 };
  }
}

/**
 * Reads a width typed into the segment editor with the one count reader
 * (parseCount), so a width reads like every other number typed in Keylab;
 * `label` is the input's name, and the message says the allowed range.
 */
export function readWidth(text: string, label: string, min = 1, max = MAX_FIELD_WIDTH): CountResult {
  return parseCount(text, { label, min, max });
}

export function readFractionDigits(text: string, label: string): CountResult {
  return readWidth(text, label, 0, MAX_FRACTION_DIGITS);
}

/** The message of a refused count, for DraftInput's `validate`. */
export const countProblem = (result: CountResult): string | undefined => (result.ok ? undefined : result.message);

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a field name: the template syntax's rule, and unique among the other fields. */
export function validateFieldName(name: string, otherNames: readonly string[]): string | undefined {
  if (!FIELD_NAME.test(name)) return 'Start with a letter or _, then letters, digits or _.';
  if (otherNames.includes(name)) return `Another field is already called "${name}".`;
  return undefined;
}

import { adviseWidth, largestSampleDigits, templateFields, type FieldFormat, type KeyFinding, type WidthAdvice } from '../keys';
import type { KeyDesignState } from './keyDesignStore';

/** A field format the width advisor sizes: a padded integer, epoch, or the integer digits of a decimal. */
export type PaddedFormat = Extract<FieldFormat, { kind: 'int' | 'sint' | 'epoch' | 'dec' }>;

/** The width advisor's view of one padded numeric field. */
export interface FieldWidthAdvice {
  readonly field: string;
  readonly format: PaddedFormat;
  /** The field's width today (integer digits for `dec`). */
  readonly currentWidth: number;
  /** What the largest-value box shows: what the user typed, else the largest sample, else empty. */
  readonly largestValue: string;
  /** The largest of the field's sample values, when one reads as a value of the field. */
  readonly fromSamples?: string;
  /** True when `largestValue` is the user's own, not the samples'. */
  readonly typed: boolean;
  /** The advice, or why there is none: a bad largest value, a bad headroom, or nothing entered yet (no findings). */
  readonly advice: { readonly ok: true; readonly value: WidthAdvice } | { readonly ok: false; readonly findings: readonly KeyFinding[] };
}

const isPadded = (format: FieldFormat): format is PaddedFormat =>
  format.kind === 'int' || format.kind === 'sint' || format.kind === 'epoch' || format.kind === 'dec';

/**
 * Advice for every padded numeric field of the current template, each sized
 * from its own largest value (typed, or else the largest sample), with the
 * shared headroom. Invalid input gives findings and no advice, so nothing
 * stale is offered.
 *
 * Contract: for `sint` a leading minus is ignored (the width holds the
 * magnitude); for `dec` the fraction is ignored (the width is the integer digits).
 *
 * @example
 * // {score:int(10)}#{ts:epoch(16)} with no typed values:
 * adviseFieldWidths(state).map((a) => [a.field, a.advice.ok && a.advice.value.width]) // [["score", 6], ["ts", 12]]
 */
export function adviseFieldWidths(
  state: Pick<KeyDesignState, 'template' | 'sampleRows' | 'advisorLargestValues' | 'advisorHeadroomDigits'>,
): readonly FieldWidthAdvice[] {
  const advice: FieldWidthAdvice[] = [];
  for (const field of templateFields(state.template)) {
    const { format } = field;
    if (!isPadded(format)) continue;
    const fromSamples = largestSampleDigits(
      format,
      state.sampleRows.map((row) => row.values[field.name]),
    );
    const typedValue = Object.hasOwn(state.advisorLargestValues, field.name) ? state.advisorLargestValues[field.name] : undefined;
    const largestValue = typedValue ?? fromSamples ?? '';
    const magnitude =
      format.kind === 'sint' ? largestValue.trim().replace(/^-/, '') : format.kind === 'dec' ? largestValue.trim().replace(/\.\d*$/, '') : largestValue;
    advice.push({
      field: field.name,
      format,
      currentWidth: format.kind === 'dec' ? format.integerDigits : format.width,
      largestValue,
      ...(fromSamples !== undefined ? { fromSamples } : {}),
      typed: typedValue !== undefined,
      advice: largestValue.trim() === '' ? { ok: false, findings: [] } : adviseWidth(magnitude, state.advisorHeadroomDigits, `Largest value for ${field.name}`),
    });
  }
  return advice;
}

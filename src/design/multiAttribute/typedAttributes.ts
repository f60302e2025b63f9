import type { FieldFormat, FieldSegment } from '../../keys';
import type { KeyAttributeType } from '../design.types';

/**
 * What a template field becomes in a multi-attribute GSI key (DynamoDB since
 * November 2025: up to four typed attributes per side, compared left to
 * right, each by its own type): numbers and epoch times an N attribute (no
 * padding), ISO timestamps and strings an S attribute. Shared by Compare
 * designs' variant and the one-click conversion.
 */

/** DynamoDB's limit on the attributes of a GSI's partition key and of its sort key. */
export const MAX_MULTI_ATTRIBUTE_KEYS = 4;

/** One typed attribute a template field becomes. */
export interface TypedFieldAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
  /** The template field it holds. */
  readonly field: string;
  readonly format: FieldFormat;
  /** The entity's template for it (`{score}`, `{at:iso}`, `{ts:epoch(38)}`). */
  readonly template: string;
}

/**
 * A field's typed attribute: int/sint/dec → N (`{score}`), epoch → N (a wide
 * epoch template, which still converts ISO input to epoch digits; the N value
 * drops the zeros), iso and string → S.
 *
 * @example
 * typedAttributeFor({ kind: "field", name: "ts", format: { kind: "epoch", unit: "s", width: 16 } })
 * // { name: "ts", type: "N", field: "ts", template: "{ts:epoch(38)}", … }
 */
export function typedAttributeFor(field: FieldSegment): TypedFieldAttribute {
  const { name, format } = field;
  switch (format.kind) {
    case 'int':
    case 'sint':
    case 'dec':
      return { name, type: 'N', field: name, format, template: `{${name}}` };
    case 'epoch':
      return { name, type: 'N', field: name, format, template: `{${name}:${format.unit === 's' ? 'epoch' : 'epochms'}(38)}` };
    case 'iso':
      return { name, type: 'S', field: name, format, template: `{${name}:${format.precision === 'ms' ? 'iso(ms)' : 'iso'}}` };
    case 'string':
      return { name, type: 'S', field: name, format, template: `{${name}}` };
  }
}

/** Whether a field is stored inverted (`{score:int(10,desc)}`): a typed N attribute stores the number itself. */
export function isInvertedField(field: FieldSegment): boolean {
  return field.format.kind === 'int' && field.format.descending;
}

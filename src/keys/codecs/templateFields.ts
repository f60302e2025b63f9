import type { FieldSegment, KeyTemplate } from './keyTemplate.types';

/**
 * A template's fields (its placeholders) in key order, without the literal
 * text between them: what a form asks values for, what a key range fixes from
 * the left, what an exported module types.
 *
 * @example
 * templateFields(parseKeyTemplate("{score:int(10)}#{playerId}").value).map((field) => field.name) // ["score", "playerId"]
 */
export function templateFields(template: KeyTemplate): FieldSegment[] {
  return template.segments.filter((segment): segment is FieldSegment => segment.kind === 'field');
}

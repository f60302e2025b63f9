import type { FieldSegment, TemplateSegment } from '../../keys';
import type { EntityDesign, IndexDesign, KeyAttributeDesign } from '../design.types';
import { compileTemplateText, keyTemplateOf } from '../designKeys';
import type { ConvertedKeySide } from './multiAttributeConversion.types';
import { isInvertedField, MAX_MULTI_ATTRIBUTE_KEYS, typedAttributeFor } from './typedAttributes';

/**
 * One side (partition or sort) of a GSI's key, read across the entities in
 * the index: kept as it is (already typed, a constant, already
 * multi-attribute), or convertible into typed attributes — which needs every
 * entity to write the same fields with the same literals (an overloaded
 * index whose entities use different prefixes tells item types apart by
 * them, and a multi-attribute key has no prefix).
 */

export type KeySidePlan =
  | { readonly kind: 'kept'; readonly side: ConvertedKeySide }
  | {
      readonly kind: 'convertible';
      readonly role: 'partition' | 'sort';
      readonly attribute: KeyAttributeDesign;
      /** Two or more fields: the concatenated composite the rule is about (one field with a prefix or padding only converts along with it). */
      readonly composite: boolean;
      readonly templates: Readonly<Record<string, string>>;
      /** The fields, left to right (the first entity's; every entity has the same names and types). */
      readonly fields: readonly FieldSegment[];
      readonly literals: readonly string[];
    };

const kept = (role: 'partition' | 'sort', before: readonly KeyAttributeDesign[], why: string): KeySidePlan => ({
  kind: 'kept',
  side: { role, before, after: before, converted: false, why, typed: [], droppedLiterals: [] },
});

const shapeOf = (segments: readonly TemplateSegment[]) =>
  segments.map((segment) => (segment.kind === 'literal' ? `"${segment.text}"` : `{${segment.name}}`)).join('');

/** Plans one side of `index`'s key over `entities` (the ones in the index); a string is why it can't be converted. */
export function planKeySide(index: IndexDesign, role: 'partition' | 'sort', entities: readonly EntityDesign[]): KeySidePlan | string {
  const attributes = role === 'partition' ? index.partitionKey : index.sortKey;
  const [attribute, ...more] = attributes;
  if (!attribute) return kept(role, attributes, `${index.name} has no ${role} key.`);
  if (more.length > 0) return kept(role, attributes, `${index.name}'s ${role} key is already multi-attribute (${attributes.map((a) => a.name).join(', ')}).`);
  const compiled: { entity: EntityDesign; text: string; fields: readonly FieldSegment[]; segments: readonly TemplateSegment[] }[] = [];
  for (const entity of entities) {
    const text = keyTemplateOf(entity, attribute.name) ?? '';
    const result = compileTemplateText(text, role);
    if (!result.ok) return `${entity.name}.${attribute.name} (${text}): ${result.findings.map((finding) => finding.message).join(' ')}`;
    compiled.push({ entity, text, fields: result.value.fields, segments: result.value.template.segments });
  }
  const first = compiled[0];
  if (!first) return kept(role, attributes, `No entity is in ${index.name}.`);
  if (compiled.every((entry) => entry.fields.length === 0))
    return kept(role, attributes, `${attribute.name} is a constant (${first.text}): no field to type; it stays as it is.`);
  if (attribute.type !== 'S') return kept(role, attributes, `${attribute.name} is already a typed ${attribute.type} attribute.`);
  const other = compiled.find((entry) => shapeOf(entry.segments) !== shapeOf(first.segments));
  if (other) {
    const literals = (segments: readonly TemplateSegment[]) =>
      segments
        .filter((segment) => segment.kind === 'literal')
        .map((segment) => (segment as { text: string }).text)
        .join('|');
    const byPrefix = literals(other.segments) !== literals(first.segments);
    return byPrefix
      ? `${first.entity.name} and ${other.entity.name} write ${attribute.name} as ${first.text} and ${other.text}: the literal text tells their items apart in ${index.name}, and a multi-attribute key (typed values, no prefixes) can't. Keep the concatenated key, or give each entity its own index.`
      : `${first.entity.name} and ${other.entity.name} write ${attribute.name} from different fields (${first.text}, ${other.text}): a multi-attribute key needs one named attribute per position for every entity in ${index.name}. Rename the fields to match, or keep the concatenated key.`;
  }
  const fields = first.fields;
  const names = fields.map((field) => field.name);
  const repeated = names.find((name, position) => names.indexOf(name) !== position);
  if (repeated) return `${attribute.name} = ${first.text} holds ${repeated} twice: a multi-attribute key has one attribute per field.`;
  const typeOf = (field: FieldSegment | undefined) => (field ? typedAttributeFor(field).type : undefined);
  const mistyped = compiled.find((entry) => entry.fields.some((field, position) => typeOf(field) !== typeOf(fields[position])));
  if (mistyped)
    return `${first.entity.name} and ${mistyped.entity.name} store the same fields with different types (${first.text}, ${mistyped.text}): give each field one format.`;
  const inverted = compiled.flatMap((entry) => entry.fields.filter(isInvertedField).map((field) => ({ entry, field })))[0];
  if (inverted) {
    return `${inverted.entry.entity.name}.${attribute.name} = ${inverted.entry.text} stores ${inverted.field.name} inverted (desc): a multi-attribute key stores the number itself and reads every attribute in one direction, so the mixed order would be lost. Drop the inversion first (read with ScanIndexForward flipped) or keep the concatenated key.`;
  }
  if (fields.length > MAX_MULTI_ATTRIBUTE_KEYS) {
    return `${attribute.name} = ${first.text} has ${fields.length} fields, but a multi-attribute ${role} key holds at most ${MAX_MULTI_ATTRIBUTE_KEYS} attributes: keep the concatenated key, or fold the last fields into one.`;
  }
  const literals = first.segments.flatMap((segment) => (segment.kind === 'literal' ? [segment.text] : []));
  const only = fields[0] as FieldSegment;
  if (fields.length === 1 && literals.length === 0 && only.format.kind === 'string')
    return kept(role, attributes, `${attribute.name} = ${first.text} is already a plain string attribute.`);
  return {
    kind: 'convertible',
    role,
    attribute,
    composite: fields.length >= 2,
    templates: Object.fromEntries(compiled.map((entry) => [entry.entity.name, entry.text])),
    fields,
    literals,
  };
}

import { fieldWidth, type CompiledKeyTemplate } from '../../keys';
import type { EntityDesign, TableDesign } from '../design.types';
import { compileTemplateText, keyAttributesOf, keyRoleOf, keyTemplateOf } from '../designKeys';
import type { BackfillAttribute, BackfillSource, ConvertedKeySide, EntityBackfill } from './multiAttributeConversion.types';
import type { TypedFieldAttribute } from './typedAttributes';

/**
 * What stored items need before the converted index holds them: per entity,
 * each typed attribute either already on the items (a key attribute with that
 * template, or an attribute of that type) or to be written by the backfill,
 * read back out of a stored key whose template decodes it (the concatenated
 * key first). A field no stored key reads back unambiguously (a string field
 * with no delimiter after it) is not derivable: the application must write it.
 */
export function backfillOf(table: TableDesign, entities: readonly EntityDesign[], sides: readonly ConvertedKeySide[]): EntityBackfill[] {
  return entities.map((entity) => {
    const attributes = sides.flatMap((side) => (side.converted ? side.typed.map((attribute) => backfillAttribute(table, entity, side, attribute)) : []));
    return { entity: entity.name, attributes, needsWrite: attributes.some((attribute) => attribute.status === 'write') };
  });
}

function backfillAttribute(table: TableDesign, entity: EntityDesign, side: ConvertedKeySide, attribute: TypedFieldAttribute): BackfillAttribute {
  const template = keyTemplateOf(entity, attribute.name) ?? attribute.template;
  const base = { name: attribute.name, type: attribute.type, field: attribute.field, template };
  if (keyTemplateOf(entity, attribute.name) !== undefined) {
    return {
      ...base,
      status: 'exists',
      derivable: true,
      explanation: `${entity.name}'s items already carry ${attribute.name} (${attribute.type}) as a key attribute (${template}).`,
    };
  }
  if (entity.attributes.some((other) => other.name === attribute.name && other.type === attribute.type)) {
    return {
      ...base,
      status: 'exists',
      derivable: true,
      explanation: `${entity.name}'s items already carry ${attribute.name} (${attribute.type}): the index reads it as it is.`,
    };
  }
  const from = derivationOf(table, entity, attribute, side.source?.attribute);
  if (!from) {
    return {
      ...base,
      status: 'write',
      derivable: false,
      explanation: `No stored attribute of ${entity.name} holds ${attribute.field} so that it reads back (a string field needs a delimiter after it): the application must write ${attribute.name} to every stored item.`,
    };
  }
  return {
    ...base,
    status: 'write',
    from,
    derivable: true,
    explanation: `Write ${attribute.name} (${attribute.type}) = ${template}, with ${attribute.field} read out of ${from.attribute} (${from.template}).`,
  };
}

/** The stored key attribute of the entity that reads the field back, the concatenated one first. */
function derivationOf(table: TableDesign, entity: EntityDesign, attribute: TypedFieldAttribute, preferred: string | undefined): BackfillSource | undefined {
  const names = keyAttributesOf(table).map((key) => key.name);
  const ordered = preferred === undefined ? names : [preferred, ...names.filter((name) => name !== preferred)];
  const typedTemplate = compileTemplateText(attribute.template);
  if (!typedTemplate.ok) return undefined;
  for (const name of ordered) {
    const text = keyTemplateOf(entity, name);
    if (text === undefined) continue;
    const compiled = compileTemplateText(text, keyRoleOf(table, name));
    if (!compiled.ok || !readsBack(compiled.value, attribute.field)) continue;
    if (entity.samples.every((sample) => sampleReadsBack(compiled.value, typedTemplate.value, sample.values))) return { attribute: name, template: text };
  }
  return undefined;
}

/** Whether decoding a key finds where the field ends, and every field before it: a fixed width, a literal after it, or the end of the key. */
function readsBack(compiled: CompiledKeyTemplate, field: string): boolean {
  const segments = compiled.template.segments;
  const at = segments.findIndex((segment) => segment.kind === 'field' && segment.name === field);
  if (at < 0) return false;
  return segments.slice(0, at + 1).every((segment, position) => {
    if (segment.kind === 'literal') return true;
    const next = segments[position + 1];
    return fieldWidth(segment.format) !== undefined || next === undefined || (next.kind === 'literal' && next.text !== '');
  });
}

/** The sample's key decodes to values that give the typed attribute the same value as the sample's own (samples that don't encode are skipped). */
function sampleReadsBack(stored: CompiledKeyTemplate, typed: CompiledKeyTemplate, values: Readonly<Record<string, string>>): boolean {
  const key = stored.encode(values);
  if (!key.ok) return true;
  const decoded = stored.decode(key.value);
  if (!decoded.ok) return false;
  const expected = typed.encode(values);
  const actual = typed.encode(decoded.value);
  return expected.ok ? actual.ok && actual.value === expected.value : true;
}

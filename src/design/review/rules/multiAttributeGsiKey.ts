import { compareUtf8, judgeTemplateFields } from '../../../keys';
import type { Design, EntityDesign, TableDesign } from '../../design.types';
import { compileTemplateText, typedKeyValue, keyTemplateOf } from '../../designKeys';
import { planConversion, type PlannedConversion } from '../../multiAttribute/convertToMultiAttributeGsi';
import type { ConvertedKeySide, TypedFieldAttribute } from '../../multiAttribute';
import type { ReviewContext } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewRule } from '../review.types';

/**
 * review.multiAttributeGsiKey: a GSI keyed by a concatenated composite
 * string (`{ts:epoch(16)}#{score:int(10)}`, `TENANT#{tenantId}#STATUS#{status}`)
 * that a multi-attribute key (DynamoDB GSIs since November 2025: up to four
 * typed attributes per side, left to right) serves as well — AWS's modeling
 * guidance now prefers it for GSIs. A note: the concatenated key works; the
 * typed key drops the padding widths and delimiters that can go wrong, and
 * moving to it costs a new GSI and a backfill.
 *
 * Silent wherever the conversion would be wrong or lose something: a base
 * table or an LSI (no multi-attribute keys), an overloaded index whose
 * entities tell their items apart by prefixes, an inverted field, a pattern
 * the typed key can't ask (raw key text, a range over several fields), a
 * field no stored attribute or key holds readably (the backfill could not
 * derive it), a string field whose values are numbers or dates stored as
 * text (the typed key would keep the text order: fix the format first), and
 * a key with a single field (a prefix alone gains nothing).
 */
export const multiAttributeGsiKey: ReviewRule = {
  code: 'review.multiAttributeGsiKey',
  severity: 'note',
  title: 'A concatenated GSI key a multi-attribute key could replace',
  why: 'Since November 2025 a GSI’s partition and sort key can each be up to four typed attributes, compared left to right, and AWS’s modeling guidance prefers them to concatenated strings: numbers sort as numbers with no padding width to outgrow, no delimiter can appear in a value, and the application writes the attributes it already has. A note, because the concatenated key works; the change is a new GSI and a backfill.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const table of context.design.tables) {
      for (const index of table.indexes) {
        if (index.kind !== 'GSI') continue;
        const planned = planConversion(context.design, { table: table.name, index: index.name });
        if (!planned.ok || !worthProposing(table, planned)) continue;
        findings.push(finding(context, table, planned));
      }
    }
    return findings;
  },
};

/** Every pattern it served still served, every typed value derivable for the backfill, no string field holding numbers or dates as text. */
function worthProposing(table: TableDesign, planned: Extract<PlannedConversion, { ok: true }>): boolean {
  const { conversion } = planned;
  if (conversion.patterns.some((pattern) => pattern.servedBefore && !pattern.serves)) return false;
  if (conversion.backfill.some((entity) => entity.attributes.some((attribute) => !attribute.derivable))) return false;
  const entities = table.entities.filter((entity) => conversion.entities.includes(entity.name));
  return [conversion.partition, conversion.sort].every(
    (side) => !side.converted || !side.typed.some((attribute) => holdsTextOrderedValues(entities, attribute)),
  );
}

/**
 * A string field whose values mean numbers (or epoch times) stored as text,
 * or dates, names or other values whose text order the samples show out of
 * place: as an S attribute the typed key would keep the text order
 * (review.numberInStringField, review.dateNotIso, review.caseOrder say so
 * first). ISO dates and instants sort as their text: those are fine.
 */
function holdsTextOrderedValues(entities: readonly EntityDesign[], attribute: TypedFieldAttribute): boolean {
  if (attribute.format.kind !== 'string') return false;
  const field = { kind: 'field' as const, name: attribute.field, format: attribute.format };
  const values = entities.flatMap((entity) => entity.samples.map((sample) => sample.values));
  const judged = judgeTemplateFields([field], values, 'S').get(attribute.field);
  if (!judged?.differsFromText) return false;
  if (judged.meaning.kind === 'number' || judged.meaning.kind === 'epoch') return true;
  const texts = values.map((row) => row[attribute.field]).filter((value): value is string => value !== undefined && value !== '');
  const byText = [...texts].sort(compareUtf8);
  const byMeaning = [...texts].sort((a, b) => {
    try {
      return judged.compare(a, b) || compareUtf8(a, b);
    } catch {
      return compareUtf8(a, b);
    }
  });
  return byText.some((value, position) => value !== byMeaning[position]);
}

const typedText = (attributes: readonly TypedFieldAttribute[]) => attributes.map((attribute) => `${attribute.name} (${attribute.type})`).join(', ');

function finding(context: ReviewContext, table: TableDesign, planned: Extract<PlannedConversion, { ok: true }>): ReviewFinding {
  const { conversion } = planned;
  const composite = [conversion.sort, conversion.partition].find((side) => side.converted && side.typed.length >= 2) as ConvertedKeySide;
  const attribute = composite.source?.attribute ?? '';
  const template = Object.values(composite.source?.templates ?? {})[0] ?? '';
  const where = `index ${conversion.before.name} of ${table.name}`;
  const converted = [conversion.partition, conversion.sort].filter((side) => side.converted);
  const keyedBy = converted
    .map((side) => `${side.role === 'partition' ? 'partition' : 'sort'} key ${typedText(side.typed)} in place of ${side.source?.attribute ?? ''}`)
    .join('; ');
  const served = conversion.patterns.filter((pattern) => pattern.serves);
  const patterns =
    served.length === 0 ? '' : ` Every pattern on it stays a Query: ${served.map((pattern) => `"${pattern.name}" as \`${pattern.after ?? ''}\``).join('; ')}.`;
  const writes = conversion.backfill.flatMap((entity) =>
    entity.attributes.filter((item) => item.status === 'write').map((item) => `${entity.entity}.${item.name} from ${item.from?.attribute ?? ''}`),
  );
  const backfill =
    writes.length === 0
      ? ' The items already carry every typed attribute: the new GSI indexes them as they are.'
      : ` The backfill writes ${writes.join(', ')}.`;
  return context.finding(
    'review.multiAttributeGsiKey',
    'note',
    { table: table.name, index: conversion.before.name, keyAttribute: attribute },
    {
      message: `${attribute} of ${where} joins ${composite.typed.map((item) => item.field).join(', ')} into one string (\`${template}\`). A multi-attribute key can index them as typed attributes, ${typedText(composite.typed)}, compared left to right by type: no padding width to outgrow, no delimiter to keep out of the values.`,
      evidence: evidenceOf(table, planned),
      suggestion: `Key ${conversion.before.name} by a multi-attribute ${keyedBy}.${patterns}${backfill} DynamoDB can't change a GSI's key, so the migration creates the GSI again and backfills it. Keep the concatenated key (and accept this note) if something reads its text.`,
      fix: {
        label: `Convert ${conversion.before.name} to a multi-attribute key`,
        apply: (design: Design) => applyConversion(design, table.name, conversion.before.name),
      },
    },
  );
}

function applyConversion(design: Design, table: string, index: string): Design {
  const planned = planConversion(design, { table, index });
  return planned.ok ? planned.design : design;
}

/** The first sample's key before (the concatenated strings) and after (the typed values). */
function evidenceOf(table: TableDesign, planned: Extract<PlannedConversion, { ok: true }>): ReviewEvidence[] {
  const entity = table.entities.find((candidate) => candidate.name === planned.conversion.entities[0]);
  const sample = entity?.samples[0];
  if (!entity || !sample) return [];
  const sides = [planned.conversion.partition, planned.conversion.sort].filter((side) => side.converted);
  const before = sides.map((side) => encoded(side.source?.attribute ?? '', keyTemplateOf(entity, side.source?.attribute ?? '') ?? '', 'S', sample.values));
  const afterEntity = planned.convertedTable.entities.find((candidate) => candidate.name === entity.name) ?? entity;
  const after = sides.flatMap((side) =>
    side.typed.map((attribute) => encoded(attribute.name, keyTemplateOf(afterEntity, attribute.name) ?? attribute.template, attribute.type, sample.values)),
  );
  if ([...before, ...after].some((text) => text === undefined)) return [];
  return [
    { label: `sample ${sample.id} now`, text: before.join(', ') },
    { label: `sample ${sample.id} with the multi-attribute key`, text: after.join(', ') },
  ];
}

function encoded(name: string, template: string, type: 'S' | 'N' | 'B', values: Readonly<Record<string, string>>): string | undefined {
  const compiled = compileTemplateText(template);
  if (!compiled.ok) return undefined;
  const key = compiled.value.encode(values);
  if (!key.ok) return undefined;
  const typed = typedKeyValue({ name, type }, key.value);
  if (typeof typed === 'string') return undefined;
  return 'N' in typed ? `${name} = ${typed.N}` : 'S' in typed ? `${name} = ${JSON.stringify(typed.S)}` : undefined;
}

import { judgeTemplateFields, type FieldSegment, type IntendedOrder } from '../../keys';
import type { AccessPatternDesign, EntityDesign, KeyAttributeType, PatternSortCondition, TableDesign } from '../design.types';
import { compileTemplateText, keySchemaOf, keyTemplateOf } from '../designKeys';
import type { MultiAttributeVariant } from './multiAttribute';

/**
 * Which access patterns a concatenated sort key and its multi-attribute
 * version can each serve as a Query, and why. The rules:
 * - both need equality on every partition key field;
 * - a concatenated key is one string: `begins_with` or a range on any
 *   leading part of it (any leading fields, compared as the padded text);
 * - a multi-attribute sort key takes equality on leading attributes and at
 *   most one range (or `begins_with` on a string attribute) on the next one,
 *   left to right only: no `begins_with` across attributes, no range over
 *   several attributes at once, no condition on a later attribute without
 *   the earlier ones.
 */

export interface ServabilityVerdict {
  readonly serves: boolean;
  readonly reason: string;
}

export interface PatternServability {
  readonly patternId: string;
  readonly name: string;
  /** A question Keylab derived from the template to show the rules, not one of the table's patterns. */
  readonly derived: boolean;
  /** False when the pattern queries another key or entity (its verdicts then say so). */
  readonly applies: boolean;
  /** The condition in field terms (`score BETWEEN 9 AND 2300`). */
  readonly condition: string;
  readonly concatenated: ServabilityVerdict;
  readonly multiAttribute: ServabilityVerdict;
}

/** The table's access patterns, then the derived ones, each judged on both keys. */
export function patternServability(table: TableDesign, entity: EntityDesign, variant: MultiAttributeVariant): PatternServability[] {
  const judged = table.accessPatterns.map((pattern) => judgePattern(table, entity, variant, pattern, false));
  return [...judged, ...derivedPatterns(table, entity, variant).map((pattern) => judgePattern(table, entity, variant, pattern, true))];
}

/** A date-only (or shorter) value in an iso field: the whole day, i.e. a prefix of the timestamp. */
function isPartialInstant(field: FieldSegment, value: string): boolean {
  return field.format.kind === 'iso' && !value.includes('T');
}

export function judgePattern(
  table: TableDesign,
  entity: EntityDesign,
  variant: MultiAttributeVariant,
  pattern: AccessPatternDesign,
  derived: boolean,
): PatternServability {
  const base = { patternId: pattern.id, name: pattern.name, derived, condition: describeCondition(pattern, variant.source.attribute) };
  const both = (serves: boolean, reason: string) => ({ ...base, concatenated: { serves, reason }, multiAttribute: { serves, reason } });
  if ((pattern.index ?? undefined) !== variant.source.indexName || !pattern.entities.includes(entity.name)) {
    const where = pattern.index ? `index ${pattern.index}` : 'the table';
    return { ...both(false, `Queries ${where} for ${pattern.entities.join(', ')}, not the key compared here.`), applies: false };
  }
  const schema = keySchemaOf(table, variant.source.indexName);
  const missing = (schema?.partition ?? []).flatMap((attribute) =>
    templateFieldsOf(keyTemplateOf(entity, attribute.name))
      .filter((field) => pattern.partitionValues[field.name] === undefined)
      .map((field) => `${field.name} (for ${attribute.name})`),
  );
  if (missing.length > 0)
    return { ...both(false, `Needs a Scan: no value for ${missing.join(', ')}; a Query needs equality on the whole partition key.`), applies: true };
  const partitionText = `Equality on the partition key (${(schema?.partition ?? []).map((attribute) => attribute.name).join(', ')})`;
  const direction = pattern.direction === 'descending' ? 'ScanIndexForward = false' : 'ScanIndexForward = true';
  const inverted = variant.sort.filter((attribute) => attribute.format.kind === 'int' && attribute.format.descending).map((attribute) => attribute.field);
  const multiDirection =
    inverted.length > 0
      ? `${pattern.direction === 'descending' ? 'ScanIndexForward = true' : 'ScanIndexForward = false'} (${inverted.join(', ')} is inverted in the concatenated key; this reverses every attribute)`
      : direction;
  const sort = pattern.sort;
  if (!sort) {
    return {
      ...base,
      applies: true,
      concatenated: { serves: true, reason: `${partitionText}, the whole partition read with ${direction}.` },
      multiAttribute: { serves: true, reason: `${partitionText}, the whole partition read with ${multiDirection}.` },
    };
  }
  const attribute = variant.source.attribute;
  if (sort.input === 'raw') {
    return {
      ...base,
      applies: true,
      concatenated: { serves: true, reason: `${partitionText} and ${sort.operator} on ${attribute} as written.` },
      multiAttribute: {
        serves: false,
        reason: `The condition is the concatenated key's text ("${sort.value}"); a multi-attribute key has no combined text to compare: write it as field values.`,
      },
    };
  }
  const fields = templateFieldsOf(variant.source.template);
  const given = new Set([...Object.keys(sort.values), ...Object.keys(sort.valuesHigh ?? {})]);
  const unknown = [...given].filter((name) => !fields.some((field) => field.name === name));
  if (unknown.length > 0) return { ...both(false, `${unknown.join(', ')} is not a field of ${attribute} (${variant.source.template}).`), applies: true };
  const leading = fields.slice(0, given.size);
  const firstGap = leading.find((field) => !given.has(field.name));
  if (firstGap) {
    const later = fields.find((field) => given.has(field.name) && fields.indexOf(field) > fields.indexOf(firstGap)) as FieldSegment;
    return {
      ...both(
        false,
        `${later.name} comes after ${firstGap.name} in the key: without a value for ${firstGap.name}, a condition on ${later.name} is not a key condition (it needs a Scan or a filter).`,
      ),
      applies: true,
    };
  }
  const judged = judgeSourceFields(table, entity, variant, fields);
  return {
    ...base,
    applies: true,
    concatenated: concatenatedVerdict(sort, leading, fields.length, partitionText, attribute, judged),
    multiAttribute: multiAttributeVerdict(sort, leading, partitionText, multiDirection, judged),
  };
}

/** The declared type of the concatenated key's attribute (S unless the table or index says otherwise). */
function sourceType(table: TableDesign, variant: MultiAttributeVariant): KeyAttributeType {
  return keySchemaOf(table, variant.source.indexName)?.sort.find((attribute) => attribute.name === variant.source.attribute)?.type ?? 'S';
}

/** What each field of the concatenated key means over the entity's samples: src/keys' one judge, with the key attribute's declared type. */
function judgeSourceFields(
  table: TableDesign,
  entity: EntityDesign,
  variant: MultiAttributeVariant,
  fields: readonly FieldSegment[],
): ReadonlyMap<string, IntendedOrder> {
  return judgeTemplateFields(
    fields,
    entity.samples.map((sample) => sample.values),
    sourceType(table, variant),
  );
}

/** The leading string fields whose values mean something the text does not sort by (numbers as text, dates as 6/23/2026). */
function textOrderedFields(leading: readonly FieldSegment[], judged: ReadonlyMap<string, IntendedOrder>): FieldSegment[] {
  return leading.filter((field) => field.format.kind === 'string' && judged.get(field.name)?.differsFromText === true);
}

const MEANING_WORDS: Readonly<Record<string, string>> = {
  number: 'numbers',
  date: 'dates',
  instant: 'instants',
  epoch: 'epoch times',
  name: 'names in mixed case',
};

/**
 * Why a range over string fields whose values mean numbers or dates answers
 * another question: the text order is not the values' (the entity order slide
 * shows the same rows out of place).
 */
function textRangeReason(fields: readonly FieldSegment[], judged: ReadonlyMap<string, IntendedOrder>): string {
  const what = fields.map((field) => `${field.name} holds ${MEANING_WORDS[judged.get(field.name)?.meaning.kind ?? ''] ?? 'values'} stored as text`).join(', ');
  return `${what}: the range compares text, not value, so it reaches the wrong items. Give the field a format that sorts by value.`;
}

function concatenatedVerdict(
  sort: Extract<PatternSortCondition, { input: 'fields' }>,
  leading: readonly FieldSegment[],
  fieldCount: number,
  partitionText: string,
  attribute: string,
  judged: ReadonlyMap<string, IntendedOrder>,
): ServabilityVerdict {
  const names = leading.map((field) => field.name).join(', ');
  if (sort.operator === '=') {
    const last = leading[leading.length - 1] as FieldSegment;
    const prefix = leading.length < fieldCount || isPartialInstant(last, sort.values[last.name] ?? '');
    return {
      serves: true,
      reason: prefix
        ? `${partitionText} and begins_with(${attribute}, the encoded ${names}): a prefix of the key.`
        : `${partitionText} and ${attribute} = the whole encoded key.`,
    };
  }
  const operator = sort.operator === 'between' ? 'BETWEEN' : sort.operator;
  const asText = textOrderedFields(leading, judged);
  if (asText.length > 0) return { serves: false, reason: `${attribute} ${operator} the encoded ${names} is a Query, but ${textRangeReason(asText, judged)}` };
  return { serves: true, reason: `${partitionText} and ${attribute} ${operator} the encoded ${names}: the padded text sorts as the fields do.` };
}

function multiAttributeVerdict(
  sort: Extract<PatternSortCondition, { input: 'fields' }>,
  leading: readonly FieldSegment[],
  partitionText: string,
  direction: string,
  judged: ReadonlyMap<string, IntendedOrder>,
): ServabilityVerdict {
  const last = leading[leading.length - 1] as FieldSegment;
  // A string field stays an S attribute: a range on it compares text, whatever its values mean.
  const rangedAsText = sort.operator === '=' ? [] : textOrderedFields([last], judged);
  if (rangedAsText.length > 0)
    return { serves: false, reason: `${last.name} is an S attribute here, so a range on it is a Query, but ${textRangeReason(rangedAsText, judged)}` };
  const earlier = leading.slice(0, -1);
  const partialEarlier = earlier.find((field) => isPartialInstant(field, sort.values[field.name] ?? ''));
  if (partialEarlier)
    return {
      serves: false,
      reason: `begins_with on ${partialEarlier.name} must be the last condition, and ${last.name} follows it: a multi-attribute key allows one range or begins_with, on the last attribute queried.`,
    };
  const equalities = earlier.map((field) => `${field.name} = …`);
  const conditions = (lastCondition: string) => [...equalities, lastCondition].join(' AND ');
  if (sort.operator === '=') {
    const lastCondition = isPartialInstant(last, sort.values[last.name] ?? '') ? `begins_with(${last.name}, …) (a string attribute)` : `${last.name} = …`;
    return { serves: true, reason: `${partitionText} and ${conditions(lastCondition)}: left to right, read with ${direction}.` };
  }
  if (sort.operator === 'between') {
    const high = sort.valuesHigh ?? {};
    const moving = earlier.filter((field) => sort.values[field.name] !== high[field.name]);
    if (moving.length === 0)
      return {
        serves: true,
        reason: `${partitionText} and ${conditions(`${last.name} BETWEEN … AND …`)}: one range on the last attribute queried, read with ${direction}.`,
      };
    return { serves: false, reason: rangeAcrossReason(leading) };
  }
  if (leading.length === 1)
    return {
      serves: true,
      reason: `${partitionText} and ${last.name} ${sort.operator} …: a range on the first sort attribute (by its type), read with ${direction}.`,
    };
  return { serves: false, reason: rangeAcrossReason(leading) };
}

function rangeAcrossReason(leading: readonly FieldSegment[]): string {
  const names = leading.map((field) => field.name);
  return `A range over (${names.join(', ')}) together orders them as one tuple; a multi-attribute key takes equality on leading attributes and one range on the next, so it can only ask ${names.slice(0, -1).join(' = … AND ')} = … AND ${names[names.length - 1]} in a range (a different question).`;
}

function templateFieldsOf(text: string | undefined): readonly FieldSegment[] {
  if (text === undefined) return [];
  const compiled = compileTemplateText(text);
  return compiled.ok ? compiled.value.fields : [];
}

function describeCondition(pattern: AccessPatternDesign, attribute: string): string {
  const read = pattern.direction === 'descending' ? 'descending' : 'ascending';
  const sort = pattern.sort;
  if (!sort) return `Whole partition, ${read}`;
  if (sort.input === 'raw')
    return sort.operator === 'between'
      ? `${attribute} BETWEEN "${sort.value}" AND "${sort.valueHigh ?? ''}"`
      : sort.operator === 'begins_with'
        ? `begins_with(${attribute}, "${sort.value}")`
        : `${attribute} ${sort.operator} "${sort.value}"`;
  const values = (record: Readonly<Record<string, string>>) =>
    Object.entries(record)
      .map(([field, value]) => `${field} ${value}`)
      .join(', ');
  if (sort.operator === 'between') return `From (${values(sort.values)}) to (${values(sort.valuesHigh ?? {})})`;
  return `(${values(sort.values)}) ${sort.operator === '=' ? 'equal' : sort.operator}`;
}

/**
 * Four questions built from the template and the entity's samples that show
 * where the two keys differ: a range on the first field, equality then a
 * range on the second, a range over the first two together, and a range on
 * the second field alone.
 */
export function derivedPatterns(table: TableDesign, entity: EntityDesign, variant: MultiAttributeVariant): AccessPatternDesign[] {
  const fields = templateFieldsOf(variant.source.template);
  const samples = entity.samples;
  const first = samples[0];
  if (!first || fields.length === 0) return [];
  const schema = keySchemaOf(table, variant.source.indexName);
  const partitionValues = Object.fromEntries(
    (schema?.partition ?? [])
      .flatMap((attribute) => templateFieldsOf(keyTemplateOf(entity, attribute.name)))
      .map((field) => [field.name, first.values[field.name] ?? '']),
  );
  const common = {
    entities: [entity.name],
    ...(variant.source.indexName ? { index: variant.source.indexName } : {}),
    partitionValues,
    direction: 'ascending' as const,
    projection: [],
    consistentRead: false,
    expected: {},
  };
  const judged = judgeSourceFields(table, entity, variant, fields);
  // The lowest and highest value by what the values mean (the one judge), not by their text.
  const bounds = (field: FieldSegment): readonly [string, string] => {
    const values = samples.map((sample) => sample.values[field.name]).filter((value): value is string => value !== undefined && value !== '');
    const order = judged.get(field.name) as IntendedOrder;
    const sorted = [...values].sort((a, b) => {
      try {
        return order.compare(a, b);
      } catch {
        return 0;
      }
    });
    return [sorted[0] ?? '', sorted[sorted.length - 1] ?? ''];
  };
  const [f1, f2] = fields as readonly [FieldSegment, FieldSegment | undefined];
  const [low1, high1] = bounds(f1);
  const patterns: AccessPatternDesign[] = [
    {
      ...common,
      id: 'derived-range-first',
      name: `A range of ${f1.name}`,
      description: '',
      sort: { input: 'fields', operator: 'between', values: { [f1.name]: low1 }, valuesHigh: { [f1.name]: high1 } },
    },
  ];
  if (f2) {
    const [low2, high2] = bounds(f2);
    const v1 = first.values[f1.name] ?? '';
    const v2 = first.values[f2.name] ?? '';
    patterns.push(
      {
        ...common,
        id: 'derived-equal-then-range',
        name: `One ${f1.name}, a range of ${f2.name}`,
        description: '',
        sort: { input: 'fields', operator: 'between', values: { [f1.name]: v1, [f2.name]: low2 }, valuesHigh: { [f1.name]: v1, [f2.name]: high2 } },
      },
      {
        ...common,
        id: 'derived-tuple-range',
        name: `From one (${f1.name}, ${f2.name}) pair onwards`,
        description: '',
        sort: { input: 'fields', operator: '>=', values: { [f1.name]: v1, [f2.name]: v2 } },
      },
      {
        ...common,
        id: 'derived-second-alone',
        name: `A range of ${f2.name} alone`,
        description: '',
        sort: { input: 'fields', operator: '>=', values: { [f2.name]: v2 } },
      },
    );
  }
  return patterns;
}

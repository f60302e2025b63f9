import { buildPatternRequest, patternFields, type PatternRequestResult } from '../../accessPatterns';
import { findIndex, isEntityInIndex, keySchemaOf } from '../../designKeys';
import type { AccessPatternDesign, PatternSortCondition, TableDesign } from '../../design.types';
import type { EntityReview, ReviewContext } from '../reviewContext';
import type { ReviewEvidence } from '../review.types';
import { builtRequest, sampleId } from './patternRuleSupport';
import { setOwnValue } from '../../../dynamo';

/**
 * Which keys of a table (the table's own, each index) can serve an access
 * pattern as one Query: the shared reading of review.scanPattern and
 * review.unservedPattern. A key serves a pattern when the entity's items are
 * in it, every field of its partition key has one value in the pattern
 * (equality), and the pattern's other fields are the leading fields of its
 * sort key, so nothing is left to a filter.
 */

/** One key the pattern could query instead, with the pattern rewritten for it (verified by building its Query). */
export interface ServingKey {
  readonly index?: string;
  readonly pattern: AccessPatternDesign;
}

export interface PatternServing {
  readonly built: PatternRequestResult;
  /** Whether the pattern as written cannot be a Query for a reason of key shape (a Scan), not a typo. */
  readonly scanShaped: boolean;
  /** The chosen key's partition fields the pattern gives no value for. */
  readonly missingPartition: readonly string[];
  /** The fields the pattern fixes to one value. */
  readonly pinned: readonly string[];
  /** Keys (table or index) whose partition key the pinned fields fill. */
  readonly fillable: readonly (string | undefined)[];
  /** Another key that serves the whole condition, when there is one. */
  readonly alternative?: ServingKey;
  /** The pattern fixes fields, but no key's partition key is made of them: review.unservedPattern (else a Scan is review.scanPattern). */
  readonly unserved: boolean;
}

type FieldsSort = Extract<PatternSortCondition, { input: 'fields' }>;

/** The pattern's field values that are one value each: its partition values, and sort values under `=` or an equal-ended BETWEEN. */
function pinnedValues(pattern: AccessPatternDesign): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(pattern.partitionValues)) if (value.trim() !== '') setOwnValue(values, name, value);
  const sort = pattern.sort;
  if (sort?.input === 'fields') {
    for (const [name, value] of Object.entries(sort.values)) {
      if (value.trim() === '') continue;
      if (sort.operator === '=' || (sort.operator === 'between' && sort.valuesHigh?.[name] === value)) values[name] ??= value;
    }
  }
  return values;
}

function sortFieldNames(sort: PatternSortCondition | undefined): string[] {
  if (sort?.input !== 'fields') return [];
  return [...new Set([...Object.keys(sort.values), ...Object.keys(sort.valuesHigh ?? {})])].filter(
    (name) => (sort.values[name] ?? sort.valuesHigh?.[name] ?? '').trim() !== '',
  );
}

export function patternServing(table: TableDesign, review: EntityReview, pattern: AccessPatternDesign): PatternServing {
  const built = builtRequest(table, pattern);
  const entity = review.entity;
  const chosen = pattern.index;
  const inChosen = keySchemaOf(table, chosen) !== undefined && isEntityInIndex(table, entity, chosen);
  const missingPartition = inChosen
    ? patternFields(table, entity.name, chosen).partition.filter((name) => (pattern.partitionValues[name] ?? '').trim() === '')
    : [];
  const scanShaped = !built.ok && inChosen && (built.needsScan || missingPartition.length > 0);
  const pinned = pinnedValues(pattern);
  const given = new Set([...Object.keys(pinned), ...sortFieldNames(pattern.sort)]);
  const keys: (string | undefined)[] = [undefined, ...table.indexes.map((index) => index.name)];
  const fillable = keys.filter(
    (key) => isEntityInIndex(table, entity, key) && patternFields(table, entity.name, key).partition.every((name) => name in pinned),
  );
  let alternative: ServingKey | undefined;
  if (!built.ok) {
    // A whole day (or month) of a timestamp is a range, not one value: a key partitioned by the timestamp itself can't serve it.
    const period = wholePeriodOf(review, pattern, Object.keys(pinned));
    for (const key of fillable) {
      if (key === chosen || (period && patternFields(table, entity.name, key).partition.includes(period.field))) continue;
      const rewritten = rewriteFor(table, pattern, key, pinned, given);
      if (rewritten) {
        alternative = { ...(key !== undefined ? { index: key } : {}), pattern: rewritten };
        break;
      }
    }
  }
  const unserved = !built.ok && Object.keys(pinned).length > 0 && fillable.length === 0;
  return { built, scanShaped, missingPartition, pinned: Object.keys(pinned), fillable, unserved, ...(alternative ? { alternative } : {}) };
}

/** The pattern asked of another key: its partition values from the pinned fields, the rest as the leading sort fields; undefined when that is not one Query. */
function rewriteFor(
  table: TableDesign,
  pattern: AccessPatternDesign,
  key: string | undefined,
  pinned: Readonly<Record<string, string>>,
  given: ReadonlySet<string>,
): AccessPatternDesign | undefined {
  if (pattern.sort?.input === 'raw') return undefined;
  if (pattern.consistentRead && key !== undefined && findIndex(table, key)?.kind === 'GSI') return undefined;
  const fields = patternFields(table, pattern.entities[0], key);
  const rest = [...given].filter((name) => !fields.partition.includes(name));
  if (!fields.sort.slice(0, rest.length).every((name) => rest.includes(name))) return undefined;
  const pick = (values: Readonly<Record<string, string>> | undefined, names: readonly string[]) =>
    Object.fromEntries(names.flatMap((name) => (values?.[name] !== undefined ? [[name, values[name]!]] : [])));
  const sort = pattern.sort as FieldsSort | undefined;
  const allValues = { ...pattern.partitionValues, ...(sort?.values ?? {}) };
  const { index: _chosen, sort: _sort, ...base } = pattern;
  void _chosen;
  void _sort;
  const nextSort: FieldsSort | undefined =
    rest.length === 0
      ? undefined
      : {
          input: 'fields',
          operator: sort?.operator ?? '=',
          values: pick(allValues, rest),
          ...(sort?.valuesHigh ? { valuesHigh: pick({ ...pattern.partitionValues, ...sort.valuesHigh }, rest) } : {}),
        };
  const rewritten: AccessPatternDesign = {
    ...base,
    ...(key !== undefined ? { index: key } : {}),
    partitionValues: pick(pinned, fields.partition),
    ...(nextSort ? { sort: nextSort } : {}),
  };
  return buildPatternRequest(table, rewritten).ok ? rewritten : undefined;
}

/** "where" a key is, in messages. */
export function keyName(table: TableDesign, index: string | undefined): string {
  return index === undefined ? `table ${table.name}` : `index ${index}`;
}

/** A sample's partition key for the table or an index: what one Query names. */
export function partitionEvidence(table: TableDesign, review: EntityReview, index: string | undefined, label: string): ReviewEvidence[] {
  const schema = keySchemaOf(table, index);
  if (!schema || !isEntityInIndex(table, review.entity, index)) return [];
  const columns = schema.partition.map((attribute) => ({ name: attribute.name, keys: review.encodedKeys(attribute.name) }));
  const sample = review.entity.samples.findIndex((_, position) => columns.every((column) => column.keys[position] !== undefined));
  if (sample < 0) return [];
  return [
    {
      label: `${label} (sample ${sampleId(review, sample)})`,
      text: columns.map((column) => `${column.name} = ${JSON.stringify(column.keys[sample])}`).join(', '),
    },
  ];
}

/** Every access pattern of the design with its first entity and how the keys serve it (patterns whose entity is gone are skipped). */
export function* servedPatterns(
  context: ReviewContext,
): Generator<{ readonly table: TableDesign; readonly review: EntityReview; readonly pattern: AccessPatternDesign; readonly serving: PatternServing }> {
  for (const table of context.design.tables) {
    const reviews = context.entitiesOf(table);
    for (const pattern of table.accessPatterns) {
      const review = reviews.find((candidate) => candidate.entity.name === pattern.entities[0]);
      if (review) yield { table, review, pattern, serving: patternServing(table, review, pattern) };
    }
  }
}

/**
 * A pinned field that is a timestamp given as a whole day or month
 * (`at = 2026-06-22` on `{at:iso}` means the whole day): the pattern asks
 * for a period, not one instant, so a key partitioned by the timestamp
 * itself can't serve it.
 */
export function wholePeriodOf(review: EntityReview, pattern: AccessPatternDesign, pinned: readonly string[]) {
  const sort = pattern.sort;
  const values = { ...pattern.partitionValues, ...(sort?.input === 'fields' ? sort.values : {}) };
  for (const field of pinned) {
    const value = values[field]?.trim() ?? '';
    const unit = /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'day' : /^\d{4}-\d{2}$/.test(value) ? 'month' : undefined;
    if (unit && isTimestampField(review, field)) return { field, value, unit, bucket: `${field}${unit === 'day' ? 'Day' : 'Month'}` } as const;
  }
  return undefined;
}

/** A field an entity's templates write as a timestamp (`iso`, `epoch`), or a string field whose samples are ISO date-times. */
function isTimestampField(review: EntityReview, field: string): boolean {
  const formats = review.templates.flatMap((template) =>
    (template.compiled?.fields ?? []).filter((candidate) => candidate.name === field).map((candidate) => candidate.format.kind),
  );
  if (formats.some((kind) => kind === 'iso' || kind === 'epoch')) return true;
  const samples = review.entity.samples.map((sample) => sample.values[field] ?? '').filter((value) => value !== '');
  return formats.length > 0 && samples.length > 0 && samples.every((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value));
}

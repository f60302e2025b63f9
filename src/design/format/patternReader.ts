import { MAX_PATTERN_LIMIT, type AccessPatternDesign, type ExpectedResult, type PatternSortCondition, type PatternSortOperator } from '../design.types';
import { keySchemaOf } from '../designKeys';
import { DocumentReader } from './documentReader';
import type { ReadEntity } from './entityReader';
import { describeJsonType, memberPath } from './problemPath';
import type { TableShape } from './tableReader';
import { fieldNamesOf } from './templateChecks';

/**
 * An access pattern in a design file: the entities and index it reads, a key
 * condition in terms of the first entity's template fields, and the result
 * it expects.
 */

const DIRECTIONS = ['ascending', 'descending'] as const;
const FIELD_OPERATORS = ['=', '<', '<=', '>', '>=', 'between'] as const;
const RAW_OPERATORS: readonly PatternSortOperator[] = [...FIELD_OPERATORS, 'begins_with'];

/**
 * DynamoDB's Limit: a whole number from 1 to MAX_PATTERN_LIMIT (a Java int). Anything else (0, a
 * negative or fractional number, 1e400 read as Infinity, text) is refused, never read as "no limit":
 * leaving it out is how a pattern reads every match.
 */
function readLimit(reader: DocumentReader, raw: Record<string, unknown>, path: string): number | undefined {
  const value = raw.limit;
  if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_PATTERN_LIMIT)) return value;
  // Not a number is the wrong shape; a number out of range breaks a rule.
  return (typeof value === 'number' ? reader.error : reader.shapeError).call(
    reader,
    memberPath(path, 'limit'),
    `must be a whole number from 1 to ${MAX_PATTERN_LIMIT.toLocaleString('en-US')} (DynamoDB's Limit is at least 1), not ${describeJsonType(value)}: write the number of items to read, or leave "limit" out to read every match.`,
  );
}

export function readAccessPattern(
  reader: DocumentReader,
  value: unknown,
  path: string,
  table: TableShape,
  entities: readonly ReadEntity[],
): AccessPatternDesign | undefined {
  const raw = reader.object(
    value,
    path,
    [
      'id',
      'name',
      'description',
      'entities',
      'index',
      'partitionValues',
      'sort',
      'direction',
      'limit',
      'filter',
      'projection',
      'consistentRead',
      'expected',
      'requestsPerSecond',
    ],
    '{"id": "orders", "name": "A customer’s orders", "entities": ["Order"], "partitionValues": {"customerId": "c1"}}',
  );
  if (!raw) return undefined;
  const before = reader.errorCount;
  const id = reader.string(raw, 'id', path, { nonEmpty: true });
  const name = reader.string(raw, 'name', path, { nonEmpty: true });
  const description = reader.string(raw, 'description', path, { fallback: '' });
  const entityNames = reader.stringList(raw, 'entities', path);
  const entitiesAt = memberPath(path, 'entities');
  if (entityNames?.length === 0) reader.error(entitiesAt, 'is empty: name the entity (or entities) the pattern returns, e.g. ["Order"].');
  entityNames?.forEach((entityName, i) => {
    if (!entities.some((read) => read.entity.name === entityName))
      reader.error(
        `${entitiesAt}[${i}]`,
        `there is no entity "${entityName}" in table ${table.name} (${entities.map((read) => read.entity.name).join(', ') || 'no entities yet'}).`,
      );
  });
  const index = reader.optionalString(raw, 'index', path);
  const schema = keySchemaOf({ ...table, entities: [], accessPatterns: [] }, index);
  if (index !== undefined && !schema)
    reader.error(
      memberPath(path, 'index'),
      `there is no index "${index}" in table ${table.name} (${table.indexes.map((candidate) => candidate.name).join(', ') || 'it has none'}): name one of them, or leave "index" out to query the table.`,
    );
  const first = entities.find((read) => read.entity.name === entityNames?.[0]);
  const where = index === undefined ? `table ${table.name}` : `index ${index}`;
  const missingKeys = first && schema ? [...schema.partition, ...schema.sort].filter((attribute) => !first.templates.has(attribute.name)) : [];
  if (first && schema && missingKeys.length > 0)
    reader.error(
      entitiesAt,
      `${first.entity.name} has no template for ${missingKeys.map((attribute) => attribute.name).join(', ')}, so its items are not in ${where}: add the template(s) to the entity, or query another index.`,
    );
  const partitionValues = reader.stringRecord(raw, 'partitionValues', path, '{"customerId": "c1"}');
  if (partitionValues && first && schema && missingKeys.length === 0) {
    const fields = schema.partition.flatMap((attribute) => fieldNamesOf(first.templates.get(attribute.name)!));
    const at = memberPath(path, 'partitionValues');
    const missing = fields.filter((field) => partitionValues[field] === undefined);
    if (missing.length > 0)
      reader.error(
        at,
        `has no value for ${missing.map((field) => `"${field}"`).join(', ')}: a Query needs the whole partition key of ${where}, so give every field of ${first.entity.name}'s ${schema.partition.map((attribute) => attribute.name).join(', ')} template.`,
      );
    for (const field of Object.keys(partitionValues)) {
      if (!fields.includes(field))
        reader.error(
          memberPath(at, field),
          `"${field}" is not a field of ${first.entity.name}'s partition key template for ${where} (${fields.join(', ') || 'it has no fields'}): remove it.`,
        );
    }
  }
  const sortFields =
    first && schema && missingKeys.length === 0 ? schema.sort.flatMap((attribute) => fieldNamesOf(first.templates.get(attribute.name)!)) : undefined;
  const sort =
    raw.sort === undefined ? undefined : readSort(reader, raw.sort, memberPath(path, 'sort'), schema?.sort.length === 0 ? where : undefined, sortFields);
  const direction = reader.choice(raw, 'direction', path, DIRECTIONS, 'ascending');
  const limit = readLimit(reader, raw, path);
  const filter = reader.optionalString(raw, 'filter', path);
  const projection = reader.stringList(raw, 'projection', path, []);
  const consistentRead = reader.boolean(raw, 'consistentRead', path, false);
  if (consistentRead && index !== undefined && table.indexes.find((candidate) => candidate.name === index)?.kind === 'GSI') {
    reader.error(
      memberPath(path, 'consistentRead'),
      `global secondary indexes don't support consistent reads (DynamoDB refuses ConsistentRead on ${index}): set it to false.`,
    );
  }
  const expected = readExpected(reader, raw.expected, memberPath(path, 'expected'));
  const requestsPerSecond = reader.positiveNumber(raw, 'requestsPerSecond', path, 'requestsPerSecond');
  if (
    reader.errorCount > before ||
    id === undefined ||
    name === undefined ||
    description === undefined ||
    !entityNames ||
    !partitionValues ||
    !direction ||
    !projection ||
    consistentRead === undefined ||
    !expected
  )
    return undefined;
  return {
    id,
    name,
    description,
    entities: entityNames,
    ...(index !== undefined ? { index } : {}),
    partitionValues,
    ...(sort ? { sort } : {}),
    direction,
    ...(limit !== undefined ? { limit } : {}),
    ...(filter !== undefined ? { filter } : {}),
    projection,
    consistentRead,
    expected,
    ...(requestsPerSecond !== undefined ? { requestsPerSecond } : {}),
  };
}

function readSort(
  reader: DocumentReader,
  value: unknown,
  path: string,
  noSortKeyIn: string | undefined,
  sortFields: readonly string[] | undefined,
): PatternSortCondition | undefined {
  if (noSortKeyIn) {
    reader.error(path, `${noSortKeyIn} has no sort key, so a Query can't have a sort condition: remove "sort".`);
    // Still read for its shape: a sort of the wrong shape is no Design, whatever else is wrong.
    reader.shapeOnly(() => readSort(reader, value, path, undefined, sortFields));
    return undefined;
  }
  const raw = reader.object(
    value,
    path,
    ['input', 'operator', 'values', 'valuesHigh', 'value', 'valueHigh'],
    '{"input": "fields", "operator": "=", "values": {"at": "2026-06-23"}}',
  );
  if (!raw) return undefined;
  const input = reader.choice(raw, 'input', path, ['fields', 'raw'] as const);
  if (input === undefined) return undefined;
  const before = reader.errorCount;
  if (input === 'fields') {
    for (const key of ['value', 'valueHigh'])
      if (raw[key] !== undefined)
        reader.error(memberPath(path, key), `belongs to "input": "raw"; with "input": "fields" write "values" (and "valuesHigh" for between).`);
    const operator = reader.choice(raw, 'operator', path, FIELD_OPERATORS);
    if (raw.operator === 'begins_with')
      reader.warn(
        memberPath(path, 'operator'),
        'begins_with over fields is written as "=" with a prefix of the fields (a date-only value means the whole day).',
      );
    const values = reader.stringRecord(raw, 'values', path, '{"at": "2026-06-23"}');
    const valuesHigh = raw.valuesHigh === undefined ? undefined : reader.stringRecord(raw, 'valuesHigh', path, '{"at": "2026-06-30"}');
    if (operator === 'between' && raw.valuesHigh === undefined)
      reader.error(memberPath(path, 'valuesHigh'), 'is missing: between needs an upper bound, e.g. "valuesHigh": {"at": "2026-06-30"}.');
    if (operator !== undefined && operator !== 'between' && raw.valuesHigh !== undefined)
      reader.error(memberPath(path, 'valuesHigh'), `is only for "between": remove it, or set "operator": "between".`);
    for (const [key, record] of [
      ['values', values],
      ['valuesHigh', valuesHigh],
    ] as const) {
      if (!record || !sortFields) continue;
      for (const field of Object.keys(record)) {
        if (!sortFields.includes(field))
          reader.error(
            memberPath(memberPath(path, key), field),
            `"${field}" is not a field of the sort key template (${sortFields.join(', ') || 'it has no fields'}).`,
          );
      }
    }
    if (reader.errorCount > before || !operator || !values) return undefined;
    return { input, operator, values, ...(valuesHigh ? { valuesHigh } : {}) };
  }
  for (const key of ['values', 'valuesHigh'])
    if (raw[key] !== undefined)
      reader.error(memberPath(path, key), `belongs to "input": "fields"; with "input": "raw" write "value" (and "valueHigh" for between).`);
  const operator = reader.choice(raw, 'operator', path, RAW_OPERATORS);
  const rawValue = reader.string(raw, 'value', path);
  const valueHigh = reader.optionalString(raw, 'valueHigh', path);
  if (operator === 'between' && raw.valueHigh === undefined)
    reader.error(memberPath(path, 'valueHigh'), 'is missing: between needs an upper bound, e.g. "valueHigh": "EVT#2026-06-30".');
  if (operator !== undefined && operator !== 'between' && raw.valueHigh !== undefined)
    reader.error(memberPath(path, 'valueHigh'), `is only for "between": remove it, or set "operator": "between".`);
  if (reader.errorCount > before || !operator || rawValue === undefined) return undefined;
  return { input, operator, value: rawValue, ...(valueHigh !== undefined ? { valueHigh } : {}) };
}

function readExpected(reader: DocumentReader, value: unknown, path: string): ExpectedResult | undefined {
  if (value === undefined) {
    reader.missingField();
    return {};
  }
  const raw = reader.object(value, path, ['count', 'orderBy'], '{"count": 3, "orderBy": {"field": "at", "direction": "descending"}}');
  if (!raw) return undefined;
  const before = reader.errorCount;
  const count = reader.integer(raw, 'count', path, 0, 'count');
  let orderBy: ExpectedResult['orderBy'];
  if (raw.orderBy !== undefined) {
    const at = memberPath(path, 'orderBy');
    const order = reader.object(raw.orderBy, at, ['field', 'direction'], '{"field": "at", "direction": "descending"}');
    const field = order && reader.string(order, 'field', at, { nonEmpty: true });
    const direction = order && reader.choice(order, 'direction', at, DIRECTIONS);
    if (field && direction) orderBy = { field, direction };
  }
  if (reader.errorCount > before) return undefined;
  return { ...(count !== undefined ? { count } : {}), ...(orderBy ? { orderBy } : {}) };
}

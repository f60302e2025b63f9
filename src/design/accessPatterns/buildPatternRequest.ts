import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { buildExpressions, type ConditionModel, type ExpressionModels, type SortKeyConditionModel } from '../../expressions';
import { parseKeyTemplate, templateFields, type KeyRole, type KeyTemplate } from '../../keys';
import { compileTemplateText, findEntity, isEntityInIndex, keySchemaOf, typedKeyValue, keyTemplateOf } from '../designKeys';
import {
  MAX_PATTERN_LIMIT,
  type AccessPatternDesign,
  type DesignProblem,
  type EntityDesign,
  type KeyAttributeDesign,
  type PatternSortCondition,
  type TableDesign,
} from '../design.types';
import { jsonToAttributeValue } from '../format';
import { buildFieldSortCondition } from './sortKeyBounds';

/**
 * An access pattern as the Query it is: the key condition filled from the
 * first entity's templates for the table or index (step 5's field-value
 * bounds for the sort key), direction, Limit, filter and projection — built
 * with the expressions layer's builders, so placeholders and reserved-word
 * aliases are the query builder's.
 */

/** A Query request, SDK-shaped (B as bytes): it passes to the engine, the SDK and "Copy as code" as is. */
export interface QueryRequestModel {
  readonly TableName: string;
  readonly IndexName?: string;
  readonly KeyConditionExpression: string;
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues: Record<string, AttributeValue>;
  readonly ScanIndexForward: boolean;
  readonly Limit?: number;
  readonly FilterExpression?: string;
  readonly ProjectionExpression?: string;
  readonly ConsistentRead?: boolean;
}

export type PatternRequestResult =
  | { readonly ok: true; readonly request: QueryRequestModel; readonly explanation: string }
  /** `needsScan`: the condition skips a leading sort attribute or field, so no Query can serve it. */
  | { readonly ok: false; readonly problems: DesignProblem[]; readonly needsScan: boolean };

/** One `name <condition>` of a key condition; a partition attribute's is always `=`. */
interface KeyPart {
  readonly name: string;
  readonly condition: SortKeyConditionModel;
}

/** Raised inside the builder for one bad part; collected into problems. */
interface PartProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * The Query an access pattern sends, or what keeps it from being one.
 *
 * @example
 * buildPatternRequest(shop, shop.accessPatterns[1]) // "Orders of customer c1 on 2026-06-23"
 * // { ok: true, request: { TableName: "Shop", KeyConditionExpression: "PK = :PK AND begins_with(SK, :SKPrefix)",
 * //   ExpressionAttributeValues: { ":PK": { S: "CUSTOMER#c1" }, ":SKPrefix": { S: "ORDER#2026-06-23T" } }, ScanIndexForward: true }, … }
 */
export function buildPatternRequest(table: TableDesign, pattern: AccessPatternDesign): PatternRequestResult {
  const at = patternPath(table, pattern);
  const problems: DesignProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path: `${at}.${path}`, message, severity: 'error' });
  const failed = (needsScan = false): PatternRequestResult => ({ ok: false, problems, needsScan });

  const schema = keySchemaOf(table, pattern.index);
  if (!schema) {
    const names = table.indexes.map((index) => index.name);
    report('index', `Table ${table.name} has no index "${pattern.index}": pick ${names.length > 0 ? `one of ${names.join(', ')} or ` : ''}the table itself.`);
    return failed();
  }
  const entityName = pattern.entities[0];
  if (entityName === undefined) {
    report('entities', 'Pick the entity the pattern returns: its key templates build the key condition.');
    return failed();
  }
  const entity = findEntity(table, entityName);
  if (!entity) {
    report('entities[0]', `Table ${table.name} has no entity "${entityName}": pick one of ${table.entities.map((e) => e.name).join(', ') || '(none yet)'}.`);
    return failed();
  }
  const where = pattern.index !== undefined ? `index ${pattern.index}` : `table ${table.name}`;
  if (!isEntityInIndex(table, entity, pattern.index)) {
    const missing = [...schema.partition, ...schema.sort]
      .filter((attribute) => keyTemplateOf(entity, attribute.name) === undefined)
      .map((attribute) => attribute.name);
    report('index', `${entity.name} has no template for ${missing.join(', ')}, so its items are not in ${where}: add the template(s) or query another index.`);
    return failed();
  }
  const index = pattern.index !== undefined ? table.indexes.find((candidate) => candidate.name === pattern.index) : undefined;
  if (pattern.consistentRead && index?.kind === 'GSI')
    report('consistentRead', `A global secondary index (${index.name}) can't be read with ConsistentRead: turn it off or query the table.`);
  if (pattern.limit !== undefined && (!Number.isSafeInteger(pattern.limit) || pattern.limit < 1 || pattern.limit > MAX_PATTERN_LIMIT)) {
    report(
      'limit',
      `Limit must be a whole number from 1 to ${MAX_PATTERN_LIMIT.toLocaleString('en-US')}; got ${String(pattern.limit)}. Leave it out to read every match.`,
    );
  }

  const parts: KeyPart[] = [];
  const notes: string[] = [];
  for (const attribute of schema.partition) {
    const value = encodeWholeKey(attribute, entity, pattern.partitionValues, 'partition', 'partitionValues');
    if ('problems' in value) value.problems.forEach((problem) => report(problem.path, problem.message));
    else parts.push({ name: attribute.name, condition: { operator: '=', value: value.value } });
  }
  if (pattern.sort) {
    if (schema.sort.length === 0) {
      report('sort', `${where} has no sort key: remove the sort condition.`);
    } else {
      const sort = sortParts(schema.sort, entity, pattern.sort, pattern.partitionValues);
      if ('needsScan' in sort) {
        report(sort.needsScan.path, sort.needsScan.message);
        return failed(true);
      }
      if ('problems' in sort) sort.problems.forEach((problem) => report(problem.path, problem.message));
      else {
        parts.push(...sort.parts);
        if (sort.explanation) notes.push(sort.explanation);
      }
    }
  }
  if (problems.length > 0) return failed();

  const models: ExpressionModels = {
    ...keyConditionModels(parts, schema.partition.length),
    ...(pattern.projection.length > 0 ? { projection: pattern.projection.map((name) => [name]) } : {}),
  };
  const built = buildExpressions(models);
  const filter = pattern.filter?.trim();
  const request: QueryRequestModel = {
    TableName: table.name,
    ...(pattern.index !== undefined ? { IndexName: pattern.index } : {}),
    KeyConditionExpression: (built.KeyConditionExpression ?? built.ConditionExpression)!,
    ...(filter ? { FilterExpression: filter } : {}),
    ...(built.ProjectionExpression ? { ProjectionExpression: built.ProjectionExpression } : {}),
    ...(built.ExpressionAttributeNames ? { ExpressionAttributeNames: built.ExpressionAttributeNames } : {}),
    ExpressionAttributeValues: built.ExpressionAttributeValues ?? {},
    ScanIndexForward: pattern.direction === 'ascending',
    ...(pattern.consistentRead ? { ConsistentRead: true } : {}),
    ...(pattern.limit !== undefined ? { Limit: pattern.limit } : {}),
  };
  const keys = parts
    .filter((part) => part.condition.operator === '=')
    .map((part) => `${part.name} = ${valueText((part.condition as { value: AttributeValue }).value)}`);
  const read = pattern.direction === 'descending' ? 'read from the last key (ScanIndexForward = false)' : 'read from the first key';
  const explanation = [
    `Query ${where}: ${keys.join(', ')}`,
    ...notes,
    read,
    ...(pattern.limit !== undefined ? [`at most ${pattern.limit} items (Limit)`] : []),
  ].join('; ');
  return { ok: true, request, explanation };
}

/** Where the pattern sits in its table's document, for problem paths. */
function patternPath(table: TableDesign, pattern: AccessPatternDesign): string {
  const position = table.accessPatterns.findIndex((candidate) => candidate.id === pattern.id);
  return `accessPatterns[${position < 0 ? table.accessPatterns.length : position}]`;
}

/** A single partition and at most one sort part: the query builder's key condition; otherwise a multi-attribute key as ANDed conditions. */
function keyConditionModels(parts: readonly KeyPart[], partitionCount: number): ExpressionModels {
  const [partition, sort, ...more] = parts;
  if (partitionCount === 1 && partition && partition.condition.operator === '=' && more.length === 0) {
    return { keyCondition: { partitionKey: { name: partition.name, value: partition.condition.value }, ...(sort ? { sortKey: sort } : {}) } };
  }
  // A key condition is a subset of the condition grammar: the same builder names and numbers every placeholder.
  const conditions = parts.map(({ name, condition }): ConditionModel => {
    const path = [name];
    if (condition.operator === 'between') return { kind: 'between', path, low: condition.low, high: condition.high };
    if (condition.operator === 'begins_with') return { kind: 'begins_with', path, value: condition.prefix };
    return { kind: 'compare', path, operator: condition.operator, value: condition.value };
  });
  return { condition: { kind: 'and', conditions } };
}

/** A whole key value from its template and every one of its fields' values, typed as the attribute is. */
function encodeWholeKey(
  attribute: KeyAttributeDesign,
  entity: EntityDesign,
  values: Readonly<Record<string, string>>,
  role: KeyRole,
  valuesPath: string,
): { value: AttributeValue } | { problems: PartProblem[] } {
  const text = keyTemplateOf(entity, attribute.name) ?? '';
  const compiled = compileTemplateText(text, role);
  if (!compiled.ok)
    return { problems: compiled.findings.map((finding) => ({ path: valuesPath, message: `${entity.name}.${attribute.name} (${text}): ${finding.message}` })) };
  const encoded = compiled.value.encode(values);
  if (!encoded.ok) {
    return {
      problems: encoded.findings.map((finding) => ({
        path: finding.field ? `${valuesPath}.${finding.field}` : valuesPath,
        message: `${attribute.name} = ${text}: ${finding.message}`,
      })),
    };
  }
  const typed = typedKeyValue(attribute, encoded.value);
  return typeof typed === 'string' ? { problems: [{ path: valuesPath, message: typed }] } : { value: jsonToAttributeValue(typed) };
}

type SortPartsResult =
  { readonly parts: KeyPart[]; readonly explanation?: string } | { readonly problems: PartProblem[] } | { readonly needsScan: PartProblem };

/**
 * The sort attributes' parts, left to right: equality on the leading ones, the
 * pattern's operator on the last one given. Raw text addresses a single sort
 * attribute only.
 */
function sortParts(
  attributes: readonly KeyAttributeDesign[],
  entity: EntityDesign,
  sort: PatternSortCondition,
  partitionValues: Readonly<Record<string, string>>,
): SortPartsResult {
  if (sort.input === 'raw') {
    const [attribute, ...others] = attributes;
    if (!attribute) return { problems: [{ path: 'sort', message: 'There is no sort key to compare.' }] };
    if (others.length > 0) {
      return {
        problems: [
          {
            path: 'sort.value',
            message: `The sort key is multi-attribute (${attributes.map((a) => a.name).join(', ')}): give field values, not raw key text.`,
          },
        ],
      };
    }
    const typed = (text: string | undefined, path: string) => {
      if (text === undefined) return { path, message: 'BETWEEN needs an upper bound too.' };
      const value = typedKeyValue(attribute, text);
      return typeof value === 'string' ? { path, message: value } : jsonToAttributeValue(value);
    };
    const low = typed(sort.value, 'sort.value');
    const high = sort.operator === 'between' ? typed(sort.valueHigh, 'sort.valueHigh') : low;
    const problems = [low, high].filter((value): value is PartProblem => 'path' in value && 'message' in value);
    if (problems.length > 0) return { problems: problems.slice(0, sort.operator === 'between' ? 2 : 1) };
    const value = low as AttributeValue;
    const condition: SortKeyConditionModel =
      sort.operator === 'between'
        ? { operator: 'between', low: value, high: high as AttributeValue }
        : sort.operator === 'begins_with'
          ? { operator: 'begins_with', prefix: value }
          : { operator: sort.operator, value };
    return { parts: [{ name: attribute.name, condition }] };
  }

  // Fields shared with the partition key's templates (rare) need not be typed twice.
  const values = { ...partitionValues, ...sort.values };
  const valuesHigh = { ...partitionValues, ...(sort.valuesHigh ?? {}) };
  const templates: KeyTemplate[] = [];
  for (const attribute of attributes) {
    const parsed = parseKeyTemplate(keyTemplateOf(entity, attribute.name) ?? '');
    if (!parsed.ok) return { problems: [{ path: 'sort', message: `${entity.name}.${attribute.name}: ${parsed.findings[0]?.message ?? 'bad template'}` }] };
    templates.push(parsed.value);
  }
  const given = (name: string) => (values[name] ?? '').trim() !== '';
  // Every field of the sort attributes, left to right: the given ones must be a prefix of them.
  const fields = templates.flatMap((template, position) => templateFields(template).map((field) => ({ field, position })));
  const missing = fields.findIndex((entry) => !given(entry.field.name));
  const skipped = missing < 0 ? undefined : fields[missing];
  const later = missing < 0 ? undefined : fields.slice(missing + 1).find((entry) => given(entry.field.name));
  if (skipped && later) {
    const what = attributes.length > 1 ? `sort attribute ${attributes[skipped.position]!.name}` : `the field ${skipped.field.name} of ${attributes[0]!.name}`;
    return {
      needsScan: {
        path: `sort.values.${skipped.field.name}`,
        message: `Needs a Scan: the condition gives ${later.field.name} but not ${skipped.field.name}. A sort key is matched left to right, so a condition that skips ${what} can't be a key condition; give ${skipped.field.name}, or key an index by ${later.field.name}.`,
      },
    };
  }
  const givenFields = missing < 0 ? fields : fields.slice(0, missing);
  const lastGiven = givenFields.at(-1);
  if (!lastGiven) {
    const first = fields[0]?.field;
    return {
      problems: [
        {
          path: first ? `sort.values.${first.name}` : 'sort',
          message: first ? `Enter a value for ${first.name}, or remove the sort condition.` : 'The sort key template has no fields: use raw key text.',
        },
      ],
    };
  }
  const last = lastGiven.position;
  const parts: KeyPart[] = [];
  for (let position = 0; position < last; position++) {
    const attribute = attributes[position]!;
    const value = encodeWholeKey(attribute, entity, values, 'sort', 'sort.values');
    if ('problems' in value) return value;
    parts.push({ name: attribute.name, condition: { operator: '=', value: value.value } });
  }
  const attribute = attributes[last]!;
  const bounds = buildFieldSortCondition(templates[last]!, sort.operator, values, valuesHigh);
  if (!bounds.ok) {
    return {
      problems: Object.entries(bounds.errors).map(([key, message]) => {
        const [side, field] = key.split(':');
        return { path: `sort.${side === 'sortFieldHigh' ? 'valuesHigh' : 'values'}${field ? `.${field}` : ''}`, message };
      }),
    };
  }
  const condition = typedCondition(attribute, bounds.condition);
  if (typeof condition === 'string') return { problems: [{ path: 'sort', message: condition }] };
  return { parts: [...parts, { name: attribute.name, condition }], explanation: `${attribute.name}: ${bounds.explanation}` };
}

/** The field-value bounds (always text) as the sort attribute's type holds them. */
function typedCondition(attribute: KeyAttributeDesign, condition: SortKeyConditionModel): SortKeyConditionModel | string {
  if (attribute.type === 'S') return condition;
  if (condition.operator === 'begins_with')
    return `begins_with compares text, but ${attribute.name} is a ${attribute.type === 'N' ? 'number (N)' : 'binary (B)'} key: give the whole value or a range.`;
  const retype = (value: AttributeValue): AttributeValue | string => {
    const typed = typedKeyValue(attribute, value.S ?? '');
    return typeof typed === 'string' ? typed : jsonToAttributeValue(typed);
  };
  if (condition.operator === 'between') {
    const low = retype(condition.low);
    const high = retype(condition.high);
    if (typeof low === 'string') return low;
    if (typeof high === 'string') return high;
    return { operator: 'between', low, high };
  }
  const value = retype(condition.value);
  return typeof value === 'string' ? value : { operator: condition.operator, value };
}

/** A key value as people read it in an explanation. */
export function valueText(value: AttributeValue): string {
  if (value.S !== undefined) return `"${value.S}"`;
  if (value.N !== undefined) return value.N;
  return '(binary)';
}

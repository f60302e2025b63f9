import { compareSampleOrders, type OrderEntry, type ReadDirection } from '../../keys';
import { buildPatternRequest, jsonValueText, type QueryRequestModel } from '../accessPatterns';
import { compileTemplateText, keyRoleOf, keySchemaOf, keyTemplateOf } from '../designKeys';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Design, EntityDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { attributeValueToJson } from '../format';
import { buildItemCollection, listPartitions, positionedRow, type PartitionSummary } from '../itemCollection';
import { reviewDesign, type ReviewedFinding, type ReviewSeverity } from '../review';
import { judgeCollectionOrder } from '../intendedPlaces';
import { keyList, stringKey, type ListEntry } from './keyMarks';
import { closingSlides, DEFAULT_DECISIONS_PER_SLIDE } from './closingSlide';
import type {
  AccessPatternSlide,
  EntityOrderSlide,
  FindingsSlide,
  ItemCollectionSlide,
  PatternOutcomeInput,
  Slide,
  SlideFinding,
  SlideRequest,
  TitleSlide,
} from './slides.types';

/** Rows per list: big enough type for a room, and still the whole order for a typical sample set. */
export const DEFAULT_ROWS_PER_SLIDE = 12;
/** Findings per slide: each is a sentence or two, its evidence and the fix. */
export const DEFAULT_FINDINGS_PER_SLIDE = 3;

export interface BuildSlidesOptions {
  /** The review's findings; default: reviewDesign over the design. */
  readonly findings?: readonly ReviewedFinding[];
  /** Access pattern run outcomes by table name, then pattern id; a pattern without one shows its request only. */
  readonly results?: Readonly<Record<string, Readonly<Record<string, PatternOutcomeInput>>>>;
  readonly maxRows?: number;
  readonly findingsPerSlide?: number;
  readonly decisionsPerSlide?: number;
}

/**
 * The slides that present a design: a title slide; per table, each entity's
 * samples in naive and in encoded order, the item collection of the table
 * and of each index (the partition holding the most entities), each access
 * pattern with its request and, when run, its result; then the findings;
 * last, when the design records any, the decisions and sign-offs (closingSlide).
 *
 * Contract: deterministic for a design, results and findings; every key
 * list is in DynamoDB's order (src/keys compareSampleOrders, src/design
 * buildItemCollection, the engine's result order), capped at `maxRows` with
 * the rest counted; never throws on a design that passed parseDesignDocument.
 *
 * @example
 * buildSlides(LEADERBOARD_DESIGN).map((slide) => slide.kind)
 * // ["title", "entityOrder", "itemCollection", "itemCollection", "accessPattern", "accessPattern", "findings"]
 */
export function buildSlides(design: Design, options: BuildSlidesOptions = {}): Slide[] {
  const maxRows = Math.max(1, options.maxRows ?? DEFAULT_ROWS_PER_SLIDE);
  const slides: Slide[] = [titleSlide(design)];
  for (const table of design.tables) {
    for (const entity of table.entities) {
      const slide = entityOrderSlide(table, entity, maxRows);
      if (slide) slides.push(slide);
    }
    for (const indexName of [undefined, ...table.indexes.map((index) => index.name)]) {
      const slide = itemCollectionSlide(table, indexName, maxRows);
      if (slide) slides.push(slide);
    }
    const results = options.results?.[table.name];
    for (const pattern of table.accessPatterns) slides.push(accessPatternSlide(table, pattern.id, results?.[pattern.id], maxRows));
  }
  const findings = options.findings ?? reviewDesign({ design });
  slides.push(...findingsSlides(design, findings, Math.max(1, options.findingsPerSlide ?? DEFAULT_FINDINGS_PER_SLIDE)));
  slides.push(
    ...closingSlides(design, findings, Math.max(1, options.decisionsPerSlide ?? DEFAULT_DECISIONS_PER_SLIDE), (finding) => subjectText(design, finding)),
  );
  return slides;
}

function attributeList(attributes: readonly KeyAttributeDesign[]): string {
  return attributes.map((attribute) => `${attribute.name} (${attribute.type})`).join(', ');
}

function titleSlide(design: Design): TitleSlide {
  return {
    kind: 'title',
    id: 'title',
    title: design.name,
    description: design.description,
    tables: design.tables.map((table) => ({
      name: table.name,
      keySchema: attributeList([table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]),
      indexes: table.indexes.map((index) => `${index.name} (${index.kind}): ${attributeList([...index.partitionKey, ...index.sortKey])}`),
      entityCount: table.entities.length,
      accessPatternCount: table.accessPatterns.length,
    })),
  };
}

/**
 * The direction the entity's items are read in: that of the first table
 * pattern built from its templates (ascending when none is).
 */
function readDirectionOf(table: TableDesign, entity: EntityDesign): ReadDirection {
  return table.accessPatterns.find((pattern) => pattern.index === undefined && pattern.entities[0] === entity.name)?.direction ?? 'ascending';
}

/** The sort key's template (the partition key's for a table without one); none without fields or when it doesn't compile. */
function entityOrderSlide(table: TableDesign, entity: EntityDesign, maxRows: number): EntityOrderSlide | undefined {
  const attribute = table.sortKey ?? table.partitionKey;
  const text = keyTemplateOf(entity, attribute.name);
  if (text === undefined || entity.samples.length === 0) return undefined;
  const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
  if (!compiled.ok || compiled.value.fields.length === 0) return undefined;
  const direction = readDirectionOf(table, entity);
  const orders = compareSampleOrders(
    compiled.value.template,
    entity.samples.map((sample) => ({ id: sample.id, values: sample.values })),
    direction,
    attribute.type,
  );
  const entries = (order: readonly OrderEntry[]): ListEntry[] =>
    order.map((entry) => ({ key: stringKey(entry.key), ...(entry.inPlace ? {} : { shouldBe: entry.intendedPosition }) }));
  return {
    kind: 'entityOrder',
    id: `order|${table.name}|${entity.name}`,
    title: `${entity.name}: naive and encoded ${attribute.name}`,
    table: table.name,
    entity: entity.name,
    keyAttribute: attribute.name,
    template: text,
    direction,
    naive: keyList(entries(orders.rawOrder), maxRows),
    encoded: keyList(entries(orders.encodedOrder), maxRows),
    naiveOutOfPlace: orders.rawOrder.filter((entry) => !entry.inPlace).length,
    encodedOutOfPlace: orders.encodedOrder.filter((entry) => !entry.inPlace).length,
    excludedCount: orders.excludedIds.length,
  };
}

/**
 * The partition a slide shows: the one with the most entities (a
 * single-table design's item collection), then the most items (an index of
 * one entity: its busiest key), then the first in byte order.
 */
function showcasePartition(partitions: readonly PartitionSummary[]): PartitionSummary | undefined {
  let best: PartitionSummary | undefined;
  for (const partition of partitions) {
    if (
      !best ||
      partition.entities.length > best.entities.length ||
      (partition.entities.length === best.entities.length && partition.itemCount > best.itemCount)
    )
      best = partition;
  }
  return best;
}

/** The showcase partition of the table or index; none without a sort key or samples. */
function itemCollectionSlide(table: TableDesign, indexName: string | undefined, maxRows: number): ItemCollectionSlide | undefined {
  const schema = keySchemaOf(table, indexName);
  if (!schema || schema.sort.length === 0) return undefined;
  const partitions = listPartitions(table, indexName);
  const partition = showcasePartition(partitions);
  if (!partition) return undefined;
  const collection = buildItemCollection(table, { ...(indexName === undefined ? {} : { indexName }), partition: partition.id });
  if (collection.rows.length === 0) return undefined;
  const intended = judgeCollectionOrder(collection);
  const entries: ListEntry[] = [];
  for (let position = 1; position <= Math.min(collection.rows.length, maxRows + 1); position++) {
    const marked = positionedRow(collection, position);
    if (!marked) break;
    const rank = intended.intendedRanks[position - 1];
    entries.push({
      key: { parts: marked.row.sortKey },
      label: marked.row.entity,
      ...(marked.outOfPlace ? { shouldBe: marked.rawPosition } : {}),
      ...(rank === undefined ? {} : { intended: { rank, outOfPlace: intended.outOfPlace[position - 1] === true } }),
    });
  }
  const list = keyList(entries, maxRows);
  return {
    kind: 'itemCollection',
    id: `collection|${table.name}|${indexName ?? ''}`,
    title: indexName === undefined ? `Item collection of ${table.name}` : `Item collection of index ${indexName}`,
    table: table.name,
    ...(indexName === undefined ? {} : { index: indexName }),
    partition: partition.parts.map((part) => ({ attribute: part.attribute, text: part.text })),
    sortAttributes: schema.sort.map((attribute) => attribute.name),
    rows: { rows: list.rows, moreCount: collection.rows.length - list.rows.length },
    outOfPlaceCount: collection.outOfPlaceCount,
    intendedOutOfPlaceCount: intended.outOfPlaceCount,
    naiveIntendedOutOfPlaceCount: intended.naiveOutOfPlaceCount,
    judgedCount: intended.judgedCount,
    itemCount: collection.rows.length,
    partitionCount: partitions.length,
  };
}

function requestOf(request: QueryRequestModel): SlideRequest {
  return {
    tableName: request.TableName,
    ...(request.IndexName === undefined ? {} : { indexName: request.IndexName }),
    keyConditionExpression: request.KeyConditionExpression,
    names: Object.entries(request.ExpressionAttributeNames ?? {}).map(([placeholder, name]) => ({ placeholder, name })),
    values: Object.entries(request.ExpressionAttributeValues).map(([placeholder, value]) => valueOf(placeholder, value)),
    scanIndexForward: request.ScanIndexForward,
    ...(request.Limit === undefined ? {} : { limit: request.Limit }),
    ...(request.FilterExpression === undefined ? {} : { filterExpression: request.FilterExpression }),
    ...(request.ProjectionExpression === undefined ? {} : { projectionExpression: request.ProjectionExpression }),
  };
}

function valueOf(placeholder: string, value: AttributeValue) {
  const json = attributeValueToJson(value);
  return { placeholder, type: Object.keys(json)[0] ?? '', text: jsonValueText(json) };
}

function accessPatternSlide(table: TableDesign, patternId: string, outcome: PatternOutcomeInput | undefined, maxRows: number): AccessPatternSlide {
  const pattern = table.accessPatterns.find((entry) => entry.id === patternId);
  if (!pattern) throw new RangeError(`accessPatternSlide: no pattern ${patternId} in ${table.name}`);
  const built = buildPatternRequest(table, pattern);
  const schema = keySchemaOf(table, pattern.index);
  // Results are shown by the key the pattern reads them by: its sort key(s), or its partition key.
  const attributes = schema && schema.sort.length > 0 ? schema.sort : (schema?.partition ?? [table.partitionKey]);
  const result =
    outcome &&
    (() => {
      const entries: ListEntry[] = outcome.items.slice(0, maxRows + 1).map(({ entity, item }) => ({
        key: {
          parts: attributes.map((attribute) => {
            const value = item[attribute.name];
            return { type: attribute.type, text: value === undefined ? '(none)' : jsonValueText(value) };
          }),
        },
        label: entity ?? '(no entity)',
      }));
      const list = keyList(entries, maxRows);
      return {
        verdict: outcome.verdict,
        reasons: outcome.reasons.map((reason) => reason.message),
        rows: { rows: list.rows, moreCount: outcome.items.length - list.rows.length },
        itemCount: outcome.items.length,
      };
    })();
  return {
    kind: 'accessPattern',
    id: `pattern|${table.name}|${pattern.id}`,
    title: pattern.name,
    table: table.name,
    description: pattern.description,
    patternId: pattern.id,
    ...(built.ok ? { request: requestOf(built.request) } : {}),
    problems: built.ok ? [] : built.problems.map((problem) => problem.message),
    resultAttributes: attributes.map((attribute) => attribute.name),
    ...(result ? { result } : {}),
  };
}

function subjectText(design: Design, finding: ReviewedFinding): string {
  const { subject } = finding;
  const patternName =
    subject.pattern === undefined
      ? undefined
      : design.tables.find((table) => table.name === subject.table)?.accessPatterns.find((pattern) => pattern.id === subject.pattern)?.name;
  return [subject.table, subject.entity, subject.index, subject.keyAttribute, subject.field, patternName ?? subject.pattern]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}

function findingsSlides(design: Design, findings: readonly ReviewedFinding[], perSlide: number): FindingsSlide[] {
  const counts: Record<ReviewSeverity, number> = { error: 0, warning: 0, note: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const entries: SlideFinding[] = findings.map((finding) => ({
    code: finding.code,
    severity: finding.severity,
    subject: subjectText(design, finding),
    message: finding.message,
    evidence: finding.evidence,
    suggestion: finding.suggestion,
    ...(finding.decision ? { decision: { kind: finding.decision.kind, comment: finding.decision.comment, decidedBy: finding.decision.decidedBy } } : {}),
  }));
  const pageCount = Math.max(1, Math.ceil(entries.length / perSlide));
  return Array.from({ length: pageCount }, (_, page) => ({
    kind: 'findings',
    id: `findings|${page + 1}`,
    title: 'Review findings',
    findings: entries.slice(page * perSlide, (page + 1) * perSlide),
    page: page + 1,
    pageCount,
    total: entries.length,
    counts,
  }));
}

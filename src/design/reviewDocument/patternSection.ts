import { buildPatternRequest, jsonValueText, type QueryRequestModel } from '../accessPatterns';
import { keySchemaOf } from '../designKeys';
import type { AccessPatternDesign, Design, TableDesign } from '../design.types';
import { itemToJsonItem } from '../format';
import type { ReviewBlock, ReviewLine, ReviewPatternResult, ReviewPatternResults, ReviewSection } from './reviewDocument.types';
import { BIDI_CONTROL } from './markdownText';
import { code, MAX_LISTED_ROWS, message, moreRows, strong, text } from './reviewLines';

/** The document's access patterns: each one's Query (key condition, names, values) and what it returned over the samples. */

/** Bidi controls as JSON escapes: the request text stays exact JSON and can't reorder itself when shown. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(BIDI_CONTROL, (char) => `\\u${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** The request's key condition and what it needs, in DynamoDB JSON (B as base64), as the SDK and the CLI take it. */
function requestText(request: QueryRequestModel): string {
  return jsonText({
    TableName: request.TableName,
    ...(request.IndexName !== undefined ? { IndexName: request.IndexName } : {}),
    KeyConditionExpression: request.KeyConditionExpression,
    ...(request.FilterExpression !== undefined ? { FilterExpression: request.FilterExpression } : {}),
    ...(request.ProjectionExpression !== undefined ? { ProjectionExpression: request.ProjectionExpression } : {}),
    ...(request.ExpressionAttributeNames ? { ExpressionAttributeNames: request.ExpressionAttributeNames } : {}),
    ExpressionAttributeValues: itemToJsonItem(request.ExpressionAttributeValues),
    ScanIndexForward: request.ScanIndexForward,
    ...(request.ConsistentRead ? { ConsistentRead: true } : {}),
    ...(request.Limit !== undefined ? { Limit: request.Limit } : {}),
  });
}

function resultBlocks(table: TableDesign, pattern: AccessPatternDesign, result: ReviewPatternResult | undefined): ReviewBlock[] {
  if (!result) return [{ kind: 'paragraph', content: [strong('Sample result: '), text('not run.')] }];
  const blocks: ReviewBlock[] = [];
  if (result.verdict) blocks.push({ kind: 'paragraph', content: [strong('Verdict: '), text(result.verdict)] });
  if (result.reasons && result.reasons.length > 0) blocks.push({ kind: 'list', items: result.reasons.map((reason): ReviewLine => message(reason.message)) });
  if (result.items.length === 0) {
    blocks.push({ kind: 'paragraph', content: [strong('Sample result: '), text('no items.')] });
    return blocks;
  }
  const schema = keySchemaOf(table, pattern.index);
  // The keys the pattern reads by, then the table's own (an index's items are told apart by them).
  const attributes = [
    ...new Set(
      [...(schema ? [...schema.partition, ...schema.sort] : []), table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])].map(
        (attribute) => attribute.name,
      ),
    ),
  ];
  blocks.push({
    kind: 'paragraph',
    content: [strong('Sample result: '), text(`${result.items.length} item${result.items.length === 1 ? '' : 's'}, in the order the Query returned them.`)],
  });
  blocks.push({
    kind: 'table',
    label: `Sample result of ${pattern.name}`,
    columns: ['#', 'Entity', ...attributes],
    rows: result.items.slice(0, MAX_LISTED_ROWS).map(({ entity, item }, index): readonly ReviewLine[] => [
      [text(String(index + 1))],
      entity === undefined ? [text('not a sample')] : [code(entity)],
      ...attributes.map((name): ReviewLine => {
        const value = item[name];
        return value === undefined ? [text('—')] : [code(jsonValueText(value))];
      }),
    ]),
  });
  blocks.push(...moreRows(result.items.length, 'items'));
  return blocks;
}

function patternBlocks(table: TableDesign, pattern: AccessPatternDesign, result: ReviewPatternResult | undefined): ReviewBlock[] {
  const blocks: ReviewBlock[] = [{ kind: 'subheading', content: [text(pattern.name)] }];
  if (pattern.description.trim() !== '') blocks.push({ kind: 'paragraph', content: [text(pattern.description)] });
  const where = pattern.index !== undefined ? [text('Index '), code(pattern.index), text(' of table '), code(table.name)] : [text('Table '), code(table.name)];
  const entities = pattern.entities.flatMap((entity, index) => [...(index > 0 ? [text(', ')] : []), code(entity)]);
  blocks.push({
    kind: 'paragraph',
    content: [
      ...where,
      text('; returns '),
      ...(entities.length > 0 ? entities : [text('no entity yet')]),
      text(`; ${pattern.direction === 'descending' ? 'highest key first (ScanIndexForward = false)' : 'lowest key first'}.`),
    ],
  });
  const built = buildPatternRequest(table, pattern);
  if (built.ok) {
    blocks.push({ kind: 'paragraph', content: [strong('KeyConditionExpression: '), code(built.request.KeyConditionExpression)] });
    blocks.push({ kind: 'code', language: 'json', text: requestText(built.request) });
  } else {
    blocks.push({
      kind: 'paragraph',
      content: [
        strong(built.needsScan ? 'Needs a Scan: ' : 'Not a Query yet: '),
        ...built.problems.flatMap((problem, index) => [...(index > 0 ? [text(' ')] : []), ...message(problem.message)]),
      ],
    });
  }
  return [...blocks, ...resultBlocks(table, pattern, result)];
}

export function accessPatternsSection(design: Design, results: ReviewPatternResults | undefined): ReviewSection {
  const blocks: ReviewBlock[] = [];
  for (const table of design.tables) {
    for (const pattern of table.accessPatterns) blocks.push(...patternBlocks(table, pattern, results?.[table.name]?.[pattern.id]));
  }
  if (blocks.length === 0) blocks.push({ kind: 'paragraph', content: [text('No access patterns yet.')] });
  return { id: 'access-patterns', title: 'Access patterns', blocks };
}

import { isIdLikeName as isIdName, type KeyTemplate } from '../../../keys';
import { buildPatternRequest, type PatternRequestResult, type QueryRequestModel } from '../../accessPatterns';
import type { AccessPatternDesign, TableDesign } from '../../design.types';
import { keySchemaOf } from '../../designKeys';
import type { EntityReview } from '../reviewContext';

/**
 * What the key-structure and access-pattern rules share: which names are
 * ids, the begins_with prefix a pattern sends, which patterns read a key,
 * and how a sample's key is quoted as evidence.
 */

/** The last word of a field name that marks a value unique per item beyond ids: a sequence number (the articles' disambiguators). */
const UNIQUE_WORDS = new Set(['id', 'uuid', 'ulid', 'ksuid', 'guid', 'seq', 'sequence', 'nonce', 'version', 'revision', 'rev', 'counter']);

/**
 * Whether a field or attribute name names a value unique per item: an id
 * as the one judge of intended order reads names (`playerId`, `order_id`,
 * `invoiceNumber`, `sku`: src/keys isIdLikeName, which inference shares),
 * or a sequence (`eventSeq`, `version`) — but not `paid` or `valid`.
 */
export function isIdLikeName(name: string): boolean {
  if (isIdName(name)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word !== '');
  const last = words.at(-1);
  return last !== undefined && UNIQUE_WORDS.has(last.toLowerCase());
}

/** The literal text a template starts with, before its first field (the whole text when it has no field). */
export function leadingLiteral(template: KeyTemplate): string {
  let text = '';
  for (const segment of template.segments) {
    if (segment.kind === 'field') break;
    text += segment.text;
  }
  return text;
}

const builtRequests = new WeakMap<TableDesign, WeakMap<AccessPatternDesign, PatternRequestResult>>();

/**
 * buildPatternRequest, once per pattern per review: several rules read the
 * same Query, and a design's tables and patterns are immutable values, so
 * the result is kept by identity.
 */
export function builtRequest(table: TableDesign, pattern: AccessPatternDesign): PatternRequestResult {
  let byPattern = builtRequests.get(table);
  if (!byPattern) builtRequests.set(table, (byPattern = new WeakMap()));
  let built = byPattern.get(pattern);
  if (!built) byPattern.set(pattern, (built = buildPatternRequest(table, pattern)));
  return built;
}

/** The begins_with condition of a built Query, if it has one: the attribute and the prefix text. */
export function beginsWithOf(request: QueryRequestModel): { readonly attribute: string; readonly prefix: string } | undefined {
  const match = /begins_with\(\s*([^,\s)]+)\s*,\s*([^\s)]+)\s*\)/.exec(request.KeyConditionExpression);
  if (!match) return undefined;
  const [, name = '', placeholder = ''] = match;
  const attribute = name.startsWith('#') ? request.ExpressionAttributeNames?.[name] : name;
  const prefix = request.ExpressionAttributeValues[placeholder]?.S;
  return attribute === undefined || prefix === undefined ? undefined : { attribute, prefix };
}

/** Whether a pattern queries the table (`index` undefined) or that index. */
export function queriesKey(pattern: AccessPatternDesign, index: string | undefined): boolean {
  return (pattern.index ?? undefined) === index;
}

/**
 * The patterns that read one entity's items in the order of a sort attribute:
 * they query a key (the table or an index) whose sort key holds it.
 */
export function patternsReading(table: TableDesign, review: EntityReview, attribute: string): AccessPatternDesign[] {
  const uses = review.template(attribute)?.uses.filter((use) => use.role === 'sort') ?? [];
  return table.accessPatterns.filter((pattern) => pattern.entities.includes(review.entity.name) && uses.some((use) => queriesKey(pattern, use.index)));
}

/** A sample's keys for the table or an index, as evidence text: `PK = "CUSTOMER#c1", SK = "ORDER#…"` (undefined when one does not encode). */
export function sampleKeyText(table: TableDesign, review: EntityReview, sampleIndex: number, index?: string): string | undefined {
  const schema = keySchemaOf(table, index);
  if (!schema) return undefined;
  const parts: string[] = [];
  for (const attribute of [...schema.partition, ...schema.sort]) {
    const key = review.encodedKeys(attribute.name)[sampleIndex];
    if (key === undefined) return undefined;
    parts.push(`${attribute.name} = ${JSON.stringify(key)}`);
  }
  return parts.join(', ');
}

/** The sample's id, for evidence labels. */
export function sampleId(review: EntityReview, sampleIndex: number): string {
  return review.entity.samples[sampleIndex]?.id ?? `#${sampleIndex + 1}`;
}

/** "where" in a message: `table Shop` or `index GSI1 of Shop`. */
export function whereText(table: TableDesign, index: string | undefined): string {
  return index === undefined ? `table ${table.name}` : `index ${index} of ${table.name}`;
}

import { decodeBase64, ownValue, setOwnValue } from '../dynamo';
import {
  compileKeyTemplate,
  normalizeDynamoNumber,
  parseKeyTemplate,
  type CodecFinding,
  type CompiledKeyTemplate,
  type KeyFinding,
  type KeyRole,
} from '../keys';
import type { DesignSample, EntityDesign, IndexDesign, JsonAttributeValue, JsonItem, KeyAttributeDesign, TableDesign } from './design.types';

/**
 * Where keys come from in a design: which attributes key the table and each
 * index, which of them an entity has templates for, and the item a sample
 * row becomes.
 */

/** The key attributes of the table (`indexName` undefined) or of one of its indexes, left to right. */
export interface KeySchemaDesign {
  readonly partition: readonly KeyAttributeDesign[];
  readonly sort: readonly KeyAttributeDesign[];
}

/**
 * The key schema of the table or of one index; undefined for an unknown index.
 *
 * @example
 * keySchemaOf(table)            // { partition: [{ name: "PK", type: "S" }], sort: [{ name: "SK", type: "S" }] }
 * keySchemaOf(table, "byScore") // { partition: [{ name: "season", … }], sort: [{ name: "score", type: "N" }, { name: "ts", type: "N" }] }
 */
export function keySchemaOf(table: TableDesign, indexName?: string): KeySchemaDesign | undefined {
  if (indexName === undefined) return { partition: [table.partitionKey], sort: table.sortKey ? [table.sortKey] : [] };
  const index = findIndex(table, indexName);
  return index ? { partition: index.partitionKey, sort: index.sortKey } : undefined;
}

export function findIndex(table: TableDesign, indexName: string): IndexDesign | undefined {
  return table.indexes.find((index) => index.name === indexName);
}

export function findEntity(table: TableDesign, entityName: string): EntityDesign | undefined {
  return table.entities.find((entity) => entity.name === entityName);
}

/**
 * The entity's key template for one key attribute, or undefined when it has none. Own property only:
 * a key attribute may be named `__proto__`, `constructor` or `toString` (DynamoDB allows any name), and
 * `entity.keys[name]` would find Object.prototype's member for those. Read templates through this.
 *
 * @example
 * keyTemplateOf({ keys: { PK: "A#{id}" } }, "PK")          // "A#{id}"
 * keyTemplateOf({ keys: { PK: "A#{id}" } }, "constructor") // undefined
 */
export function keyTemplateOf(entity: Pick<EntityDesign, 'keys'> | undefined, attributeName: string): string | undefined {
  return entity && ownValue(entity.keys, attributeName);
}

/** Every attribute that keys the table or one of its indexes, each once, table keys first. */
export function keyAttributesOf(table: TableDesign): readonly KeyAttributeDesign[] {
  const seen = new Map<string, KeyAttributeDesign>();
  const add = (attribute: KeyAttributeDesign) => {
    if (!seen.has(attribute.name)) seen.set(attribute.name, attribute);
  };
  add(table.partitionKey);
  if (table.sortKey) add(table.sortKey);
  for (const index of table.indexes) [...index.partitionKey, ...index.sortKey].forEach(add);
  return [...seen.values()];
}

/**
 * Whether the entity's items appear in an index: they carry every key
 * attribute of it (an index is sparse: items without its keys are left out).
 */
export function isEntityInIndex(table: TableDesign, entity: EntityDesign, indexName?: string): boolean {
  const schema = keySchemaOf(table, indexName);
  return schema !== undefined && [...schema.partition, ...schema.sort].every((attribute) => keyTemplateOf(entity, attribute.name) !== undefined);
}

/** The role a key attribute plays for DynamoDB's size limits: partition (2,048 bytes) or sort (1,024). */
export function keyRoleOf(table: TableDesign, attributeName: string): KeyRole {
  if (table.partitionKey.name === attributeName) return 'partition';
  if (table.indexes.some((index) => index.partitionKey.some((attribute) => attribute.name === attributeName))) return 'partition';
  return 'sort';
}

const compiledTemplates = new Map<string, CompiledKeyTemplate | readonly KeyFinding[]>();

/**
 * A key template compiled once per text and role (templates are re-read on
 * every keystroke of a 20-entity design, so parsing is memoised).
 *
 * @example
 * compileTemplateText("ORDER#{at:iso}#{orderId}").ok // true
 */
export function compileTemplateText(
  text: string,
  role: KeyRole = 'sort',
): { readonly ok: true; readonly value: CompiledKeyTemplate } | { readonly ok: false; readonly findings: readonly KeyFinding[] } {
  const cacheKey = role + '\u0000' + text;
  let entry = compiledTemplates.get(cacheKey);
  if (entry === undefined) {
    const parsed = parseKeyTemplate(text);
    entry = parsed.ok ? compileKeyTemplate(parsed.value, role) : parsed.findings;
    if (compiledTemplates.size > 5000) compiledTemplates.clear();
    compiledTemplates.set(cacheKey, entry);
  }
  return 'encode' in entry ? { ok: true, value: entry } : { ok: false, findings: entry as readonly KeyFinding[] };
}

/** Why one key attribute of a sample item could not be built. */
export interface SampleKeyProblem {
  readonly attribute: string;
  readonly message: string;
  readonly field?: string;
}

export type SampleItemResult = { readonly ok: true; readonly item: JsonItem } | { readonly ok: false; readonly problems: readonly SampleKeyProblem[] };

/**
 * The item a sample row becomes: every key attribute the entity has a
 * template for, encoded from the row's field values (typed by the table's
 * attribute definition: an N key holds the encoded text as a number, a B key
 * the bytes of its base64 text), then the row's other attributes.
 *
 * @example
 * buildSampleItem(table, customerEntity, { id: "s1", values: { customerId: "c1" } })
 * // { ok: true, item: { PK: { S: "CUSTOMER#c1" }, SK: { S: "PROFILE" } } }
 */
export function buildSampleItem(table: TableDesign, entity: EntityDesign, sample: DesignSample): SampleItemResult {
  return sampleItemBuilder(table, entity)(sample);
}

/**
 * buildSampleItem for many samples of one entity: the key attributes and
 * their compiled templates are looked up once, not once per sample (the item
 * collection re-encodes an entity's 1,000 samples on a keystroke).
 */
export function sampleItemBuilder(table: TableDesign, entity: EntityDesign): (sample: DesignSample) => SampleItemResult {
  const keys = keyAttributesOf(table).flatMap((attribute) => {
    const text = keyTemplateOf(entity, attribute.name);
    return text === undefined ? [] : [{ attribute, compiled: compileTemplateText(text, keyRoleOf(table, attribute.name)) }];
  });
  return (sample) => {
    const item: Record<string, JsonAttributeValue> = { ...(sample.attributes ?? {}) };
    const problems: SampleKeyProblem[] = [];
    for (const { attribute, compiled } of keys) {
      if (!compiled.ok) {
        problems.push(...compiled.findings.map((finding) => ({ attribute: attribute.name, message: finding.message })));
        continue;
      }
      const encoded = compiled.value.encode(sample.values);
      if (!encoded.ok) {
        problems.push(
          ...encoded.findings.map((finding: CodecFinding) => ({
            attribute: attribute.name,
            message: finding.message,
            ...(finding.field ? { field: finding.field } : {}),
          })),
        );
        continue;
      }
      const value = typedKeyValue(attribute, encoded.value);
      if (typeof value === 'string') problems.push({ attribute: attribute.name, message: value });
      else setOwnValue(item, attribute.name, value);
    }
    return problems.length > 0 ? { ok: false, problems } : { ok: true, item };
  };
}

/** An encoded key as the attribute's type holds it, or why it can't be (the message). */
export function typedKeyValue(attribute: KeyAttributeDesign, text: string): JsonAttributeValue | string {
  if (attribute.type === 'S') return text.length === 0 ? `${attribute.name} is empty: DynamoDB rejects an empty string key.` : { S: text };
  if (attribute.type === 'N') {
    const normalized = normalizeDynamoNumber(text);
    return normalized === undefined
      ? `${attribute.name} is a number (N) key, but its template gives "${text}": use a single numeric field.`
      : { N: normalized };
  }
  const bytes = decodeBase64(text);
  if (bytes === undefined || bytes.length === 0)
    return `${attribute.name} is a binary (B) key, but its template gives "${text}", which is not non-empty base64.`;
  return { B: text };
}

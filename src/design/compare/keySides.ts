import { decodeBase64 } from '../../dynamo';
import { compareKeys, type KeyAttributeValue, type ReadDirection } from '../../keys';
import type { EntityDesign, JsonAttributeValue, KeyAttributeDesign, KeyAttributeType, TableDesign } from '../design.types';
import { compileTemplateText, findEntity, isEntityInIndex, keyRoleOf, keySchemaOf, typedKeyValue, keyTemplateOf } from '../designKeys';
import { keyBytesOf, type KeyBytes } from './keyBytes';

/**
 * One side of a comparison: the keys a table (or one of its indexes) gives
 * a set of samples, in the order a Query reads them. Both sides of a
 * comparison encode the same samples (the left design's), so every
 * difference is the design's, never the data's.
 */

/** What a side is: which table and key, read which way. */
export interface KeySideSpec {
  /** Shown above the side's order ("Left: int(8)"). */
  readonly label: string;
  readonly table: TableDesign;
  /** An index of `table`, or undefined for the table's own key. */
  readonly indexName?: string;
  /** Descending is `ScanIndexForward = false`: it reverses the sort key within each partition. */
  readonly direction: ReadDirection;
}

/** One key attribute's value for one sample. */
export interface KeyPart {
  readonly name: string;
  readonly type: KeyAttributeType;
  readonly value: KeyAttributeValue;
  /** The value as text: S as is, N normalised, B as base64. */
  readonly text: string;
}

/** The key one sample gets on one side. */
export interface SideKey {
  readonly sampleId: string;
  readonly entity: string;
  readonly partition: readonly KeyPart[];
  readonly sort: readonly KeyPart[];
  /** The partition key as one line (`name=value, …` when it has several attributes). */
  readonly partitionText: string;
  /** The sort key as one line, likewise (empty without a sort key). */
  readonly sortText: string;
  /** Every key attribute of the schema: partition and sort. */
  readonly bytes: KeyBytes;
}

/** Why a sample has no key on a side. */
export interface EncodingFailure {
  readonly sampleId: string;
  readonly entity: string;
  readonly attribute: string;
  readonly field?: string;
  /** The codec's finding code (`keys.padOverflow`) when a field value caused it. */
  readonly code?: string;
  readonly message: string;
}

/** Samples whose keys are equal on a side: in DynamoDB the later write replaces the earlier item. */
export interface KeyCollision {
  readonly entity: string;
  readonly sampleIds: readonly string[];
  readonly key: string;
}

export interface KeySide {
  readonly spec: KeySideSpec;
  readonly schema: { readonly partition: readonly KeyAttributeDesign[]; readonly sort: readonly KeyAttributeDesign[] };
  /** Keys in Query order (partition by partition, each in the side's direction). */
  readonly order: readonly SideKey[];
  readonly failures: readonly EncodingFailure[];
  readonly collisions: readonly KeyCollision[];
  /** Side-wide problems: an unknown index, an entity the side's design lacks. */
  readonly problems: readonly string[];
  /** Entities left out because they are not in the index (no template for one of its keys: sparse). */
  readonly notInIndex: readonly string[];
}

/**
 * Encodes the samples of `samplesFrom` (entities matched by name) with the
 * templates of `spec.table` and orders them as a Query on its key reads them.
 *
 * @example
 * buildKeySide({ label: "Left", table, direction: "descending" }, table).order[0].sortText
 * // "0000002300#0000001719705600#p_7781"
 */
export function buildKeySide(spec: KeySideSpec, samplesFrom: TableDesign, onlyEntities?: readonly string[]): KeySide {
  const schema = keySchemaOf(spec.table, spec.indexName);
  if (!schema) {
    const problem = `Table ${spec.table.name} has no index "${spec.indexName ?? ''}": choose one of ${spec.table.indexes.map((index) => index.name).join(', ') || '(none)'}.`;
    return { spec, schema: { partition: [], sort: [] }, order: [], failures: [], collisions: [], problems: [problem], notInIndex: [] };
  }
  const keys: SideKey[] = [];
  const failures: EncodingFailure[] = [];
  const problems: string[] = [];
  const notInIndex: string[] = [];
  for (const sampleEntity of samplesFrom.entities) {
    if (onlyEntities && !onlyEntities.includes(sampleEntity.name)) continue;
    const entity = findEntity(spec.table, sampleEntity.name);
    if (!entity) {
      problems.push(
        `${spec.label}: table ${spec.table.name} has no entity "${sampleEntity.name}", so its ${sampleEntity.samples.length} sample(s) have no key here.`,
      );
      continue;
    }
    if (!isEntityInIndex(spec.table, entity, spec.indexName)) {
      notInIndex.push(entity.name);
      continue;
    }
    // A template that does not parse is one problem of the side, not one failure per sample.
    const broken = templateProblems(spec.table, entity, [...schema.partition, ...schema.sort]);
    if (broken.length > 0) {
      problems.push(...broken.map((problem) => `${spec.label}: ${problem}`));
      continue;
    }
    for (const sample of sampleEntity.samples) {
      const built = encodeSampleKey(spec.table, entity, schema, sample.values);
      if ('failures' in built) failures.push(...built.failures.map((failure) => ({ sampleId: sample.id, entity: entity.name, ...failure })));
      else keys.push({ sampleId: sample.id, entity: entity.name, ...built });
    }
  }
  const direction = spec.direction === 'descending' ? -1 : 1;
  // Array.prototype.sort is stable: equal keys keep the samples' order (and are reported as collisions).
  const order = [...keys].sort((a, b) => compareParts(a.partition, b.partition) || direction * compareParts(a.sort, b.sort));
  return { spec, schema, order, failures, collisions: collisionsIn(order), problems, notInIndex };
}

function templateProblems(table: TableDesign, entity: EntityDesign, attributes: readonly KeyAttributeDesign[]): string[] {
  return attributes.flatMap((attribute) => {
    const compiled = compileTemplateText(keyTemplateOf(entity, attribute.name) ?? '', keyRoleOf(table, attribute.name));
    return compiled.ok ? [] : [`${entity.name}.${attribute.name}: ${compiled.findings.map((finding) => finding.message).join(' ')}`];
  });
}

type EncodedSampleKey = Omit<SideKey, 'sampleId' | 'entity'> | { readonly failures: readonly Omit<EncodingFailure, 'sampleId' | 'entity'>[] };

function encodeSampleKey(
  table: TableDesign,
  entity: EntityDesign,
  schema: { readonly partition: readonly KeyAttributeDesign[]; readonly sort: readonly KeyAttributeDesign[] },
  values: Readonly<Record<string, string>>,
): EncodedSampleKey {
  const failures: Omit<EncodingFailure, 'sampleId' | 'entity'>[] = [];
  const encodeAll = (attributes: readonly KeyAttributeDesign[]) =>
    attributes.flatMap((attribute): KeyPart[] => {
      const part = encodeKeyPart(table, entity, attribute, values);
      if ('message' in part) {
        failures.push(part);
        return [];
      }
      return [part];
    });
  const partition = encodeAll(schema.partition);
  const sort = encodeAll(schema.sort);
  if (failures.length > 0) return { failures };
  return { partition, sort, partitionText: partsText(partition), sortText: partsText(sort), bytes: keyBytesOf([...partition, ...sort]) };
}

function encodeKeyPart(
  table: TableDesign,
  entity: EntityDesign,
  attribute: KeyAttributeDesign,
  values: Readonly<Record<string, string>>,
): KeyPart | Omit<EncodingFailure, 'sampleId' | 'entity'> {
  const text = keyTemplateOf(entity, attribute.name) ?? '';
  const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
  if (!compiled.ok) return { attribute: attribute.name, message: `${attribute.name}: ${compiled.findings.map((finding) => finding.message).join(' ')}` };
  const encoded = compiled.value.encode(values);
  if (!encoded.ok) {
    const [first] = encoded.findings;
    return {
      attribute: attribute.name,
      ...(first?.field ? { field: first.field } : {}),
      ...(first ? { code: first.code } : {}),
      message: encoded.findings.map((finding) => finding.message).join(' '),
    };
  }
  const typed = typedKeyValue(attribute, encoded.value);
  if (typeof typed === 'string') return { attribute: attribute.name, message: typed };
  return {
    name: attribute.name,
    type: attribute.type,
    value: toKeyValue(typed),
    text: 'S' in typed ? typed.S : 'N' in typed ? typed.N : (typed as { B: string }).B,
  };
}

/** DynamoDB JSON (B as base64) to the comparator's shape (B as bytes). */
function toKeyValue(value: JsonAttributeValue): KeyAttributeValue {
  if ('S' in value) return { S: value.S };
  if ('N' in value) return { N: value.N };
  return { B: decodeBase64((value as { B: string }).B) ?? new Uint8Array() };
}

/** A single attribute shows its value; several show `name=value` left to right. */
function partsText(parts: readonly KeyPart[]): string {
  if (parts.length === 1) return (parts[0] as KeyPart).text;
  return parts.map((part) => `${part.name}=${part.text}`).join(', ');
}

/** Left to right, each attribute by its own type: DynamoDB's order for multi-attribute keys (and for one attribute). */
export function compareParts(a: readonly KeyPart[], b: readonly KeyPart[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareKeys((a[i] as KeyPart).value, (b[i] as KeyPart).value);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function collisionsIn(order: readonly SideKey[]): KeyCollision[] {
  const collisions: KeyCollision[] = [];
  for (let i = 0; i < order.length;) {
    const first = order[i] as SideKey;
    let end = i + 1;
    while (end < order.length && sameKey(first, order[end] as SideKey)) end++;
    if (end - i > 1)
      collisions.push({
        entity: first.entity,
        sampleIds: order.slice(i, end).map((key) => key.sampleId),
        key: [first.partitionText, first.sortText].filter(Boolean).join(' | '),
      });
    i = end;
  }
  return collisions;
}

function sameKey(a: SideKey, b: SideKey): boolean {
  return compareParts(a.partition, b.partition) === 0 && compareParts(a.sort, b.sort) === 0;
}

import type { CompiledKeyTemplate, KeyRole } from '../../keys';
import { compileTemplateText, isEntityInIndex, keyAttributesOf, keyRoleOf, keySchemaOf, keyTemplateOf } from '../designKeys';
import type { Design, DesignSample, EntityDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { findingId } from './findingId';
import type { ReviewCode, ReviewFinding, ReviewInput, ReviewSeverity, ReviewSubject, StoredKeys } from './review.types';

/**
 * What every rule needs, computed once per review and shared: each entity's
 * compiled templates, its samples' encoded keys, and the sort ranges (the
 * table or an index, with the entities whose items sort together in it).
 * Rules read from here instead of compiling and encoding again, which keeps
 * a review of 20 entities × 1,000 samples inside its 50 ms.
 */

/** Where a key attribute is used: by the table (`index` undefined) or an index, as its partition or sort key. */
export interface KeyUse {
  readonly index?: string;
  readonly role: KeyRole;
  /** Its position in a multi-attribute key (0 for a single-attribute key). */
  readonly position: number;
}

/** One key template of an entity, compiled. */
export interface EntityKeyTemplate {
  readonly attribute: KeyAttributeDesign;
  /** The role that sets its size limit (partition 2,048 bytes, sort 1,024). */
  readonly role: KeyRole;
  readonly uses: readonly KeyUse[];
  readonly text: string;
  /** Undefined when the text does not compile (the editor reports that; rules skip it). */
  readonly compiled?: CompiledKeyTemplate;
}

export interface EntityReview {
  readonly table: TableDesign;
  readonly entity: EntityDesign;
  /** One per key attribute the entity has a template for, table keys first. */
  readonly templates: readonly EntityKeyTemplate[];
  /** The template for one key attribute, if the entity has one. */
  template(attribute: string): EntityKeyTemplate | undefined;
  /**
   * The encoded key of every sample for one key attribute, in sample order
   * (undefined where a sample's values don't encode). Computed once.
   */
  encodedKeys(attribute: string): readonly (string | undefined)[];
}

/**
 * A sort range: the table or one index, and the entities whose items it
 * holds and orders by the same sort key. Items of different partitions never
 * meet, so rules that compare keys across entities should check that the
 * partitions can be equal (`sharePartition`).
 */
export interface SortRange {
  readonly table: TableDesign;
  readonly index?: string;
  readonly partition: readonly KeyAttributeDesign[];
  readonly sort: readonly KeyAttributeDesign[];
  readonly entities: readonly EntityReview[];
}

export class ReviewContext {
  readonly design: Design;
  readonly storedKeys: readonly StoredKeys[];
  private entityReviews: readonly EntityReview[] | undefined;
  private ranges: readonly SortRange[] | undefined;

  constructor(input: ReviewInput) {
    this.design = input.design;
    this.storedKeys = input.storedKeys ?? [];
  }

  /** Every entity of every table, in design order. */
  entities(): readonly EntityReview[] {
    this.entityReviews ??= this.design.tables.flatMap((table) => table.entities.map((entity) => reviewEntity(table, entity)));
    return this.entityReviews;
  }

  entitiesOf(table: TableDesign): readonly EntityReview[] {
    return this.entities().filter((review) => review.table === table);
  }

  /** The table and every index that has a sort key, each with the entities in it. */
  sortRanges(): readonly SortRange[] {
    this.ranges ??= this.design.tables.flatMap((table) => {
      const indexNames: (string | undefined)[] = [undefined, ...table.indexes.map((index) => index.name)];
      return indexNames.flatMap((index) => {
        const schema = keySchemaOf(table, index);
        if (!schema || schema.sort.length === 0) return [];
        const entities = this.entitiesOf(table).filter((review) => isEntityInIndex(table, review.entity, index));
        return [{ table, ...(index !== undefined ? { index } : {}), partition: schema.partition, sort: schema.sort, entities }];
      });
    });
    return this.ranges;
  }

  /** A finding with its stable id. */
  finding(
    code: ReviewCode,
    severity: ReviewSeverity,
    subject: ReviewSubject,
    parts: Omit<ReviewFinding, 'id' | 'code' | 'severity' | 'subject'>,
  ): ReviewFinding {
    return { id: findingId(code, subject), code, severity, subject, ...parts };
  }
}

/**
 * Whether two entities' items can share a partition of a sort range: their
 * partition-key templates encode to at least one equal key over the samples,
 * or (with no samples to tell) the templates are the same text.
 */
export function sharePartition(range: SortRange, a: EntityReview, b: EntityReview): boolean {
  return range.partition.every((attribute) => {
    const left = keySet(a.encodedKeys(attribute.name));
    const right = keySet(b.encodedKeys(attribute.name));
    if (left.size === 0 || right.size === 0) return keyTemplateOf(a.entity, attribute.name) === keyTemplateOf(b.entity, attribute.name);
    const [small, large] = left.size <= right.size ? [left, right] : [right, left];
    for (const key of small) if (large.has(key)) return true;
    return false;
  });
}

/** The distinct keys of one memoised `encodedKeys` column, built once per column (rules ask about many entity pairs). */
const keySets = new WeakMap<readonly (string | undefined)[], ReadonlySet<string>>();

function keySet(keys: readonly (string | undefined)[]): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (!set) {
    const distinct = new Set<string>();
    for (const key of keys) if (key !== undefined) distinct.add(key);
    set = distinct;
    keySets.set(keys, set);
  }
  return set;
}

/**
 * Encoded key columns kept across reviews, per samples array (an edit keeps an
 * unchanged entity's samples identical) and template text with its role: a
 * keystroke in one template re-encodes that one column, not every entity's.
 */
const encodedColumns = new WeakMap<readonly DesignSample[], Map<string, readonly (string | undefined)[]>>();
/** Columns kept per samples array: the templates in use plus a few recent texts (typing makes a new one per key press). */
export const MAX_COLUMNS_PER_SAMPLES = 8;

function encodedColumnsOf(samples: readonly DesignSample[]): Map<string, readonly (string | undefined)[]> {
  let columns = encodedColumns.get(samples);
  if (!columns) {
    columns = new Map();
    encodedColumns.set(samples, columns);
  }
  return columns;
}

function rememberColumn(columns: Map<string, readonly (string | undefined)[]>, key: string, keys: readonly (string | undefined)[]): void {
  columns.delete(key);
  columns.set(key, keys);
  // Oldest first (a Map keeps insertion order): drop the columns least recently encoded.
  while (columns.size > MAX_COLUMNS_PER_SAMPLES) columns.delete(columns.keys().next().value as string);
}

function reviewEntity(table: TableDesign, entity: EntityDesign): EntityReview {
  const templates: EntityKeyTemplate[] = [];
  for (const attribute of keyAttributesOf(table)) {
    const text = keyTemplateOf(entity, attribute.name);
    if (text === undefined) continue;
    const role = keyRoleOf(table, attribute.name);
    const compiled = compileTemplateText(text, role);
    templates.push({ attribute, role, uses: usesOf(table, attribute.name), text, ...(compiled.ok ? { compiled: compiled.value } : {}) });
  }
  const encoded = new Map<string, readonly (string | undefined)[]>();
  const columns = encodedColumnsOf(entity.samples);
  return {
    table,
    entity,
    templates,
    template: (attribute) => templates.find((template) => template.attribute.name === attribute),
    encodedKeys(attribute) {
      let keys = encoded.get(attribute);
      if (keys === undefined) {
        const template = templates.find((entry) => entry.attribute.name === attribute);
        const compiled = template?.compiled;
        // The same samples under the same template (and role) encode the same: reviews after a keystroke reuse every other column.
        const columnKey = template && compiled ? `${template.role}\u0000${template.text}` : undefined;
        keys = columnKey === undefined ? undefined : columns.get(columnKey);
        if (keys !== undefined) rememberColumn(columns, columnKey as string, keys);
        else {
          keys = entity.samples.map((sample) => {
            if (!compiled) return undefined;
            const result = compiled.encode(sample.values);
            return result.ok ? result.value : undefined;
          });
          if (columnKey !== undefined) rememberColumn(columns, columnKey, keys);
        }
        encoded.set(attribute, keys);
      }
      return keys;
    },
  };
}

function usesOf(table: TableDesign, attributeName: string): KeyUse[] {
  const uses: KeyUse[] = [];
  if (table.partitionKey.name === attributeName) uses.push({ role: 'partition', position: 0 });
  if (table.sortKey?.name === attributeName) uses.push({ role: 'sort', position: 0 });
  for (const index of table.indexes) {
    index.partitionKey.forEach((attribute, position) => attribute.name === attributeName && uses.push({ index: index.name, role: 'partition', position }));
    index.sortKey.forEach((attribute, position) => attribute.name === attributeName && uses.push({ index: index.name, role: 'sort', position }));
  }
  return uses;
}

import { encodeBase64 } from '../../dynamo';
import { normalizeDynamoNumber, type CompiledKeyTemplate } from '../../keys';
import type { EntityDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { compileTemplateText, isEntityInIndex, keyRoleOf, keySchemaOf, keyTemplateOf } from '../designKeys';

/**
 * Which entity of a design table an item is, by its keys: an item is an
 * entity's when every template the entity has for the key attributes read
 * (the table's, plus the index's when reading one) decodes the stored value
 * and encodes it back to exactly the same text. When several entities match
 * (`{id}` matches everything), the most specific wins: the one whose
 * templates hold the most literal characters.
 */

/**
 * An item as the explorer or a design holds it: attribute values keyed by
 * name, of which only S, N and B (bytes, or base64 text as in DynamoDB JSON)
 * are read.
 */
export type RecognisableItem = Readonly<Record<string, unknown>>;

/** Recognises the items of one table (or index) of a design; built once, used for every row. */
export interface EntityRecogniser {
  /** The entity all of whose key templates match the item, the most specific one; undefined when none does. */
  entityOf(item: RecognisableItem): EntityDesign | undefined;
  /**
   * The entities whose partition-key template(s) match the item, most
   * specific first: the item collections it belongs to, even when its sort
   * key does not follow the entity's template (an item written the naive way).
   */
  collectionEntitiesOf(item: RecognisableItem): readonly EntityDesign[];
}

interface KeyCheck {
  readonly attribute: KeyAttributeDesign;
  readonly compiled: CompiledKeyTemplate;
  /** The template's leading literal: a cheap test before decoding. */
  readonly leading: string;
}

interface Candidate {
  readonly entity: EntityDesign;
  /** Checks of the partition-key attributes first, then the sort-key ones. */
  readonly partitionChecks: readonly KeyCheck[];
  readonly sortChecks: readonly KeyCheck[];
  /** Rank by specificity (0 = most specific), and the leading literal of the first partition template. */
  readonly rank: number;
  readonly prefix: string;
}

/** The text a key template sees for a stored value of the attribute's type; undefined when the item has none. */
function keyText(value: unknown, type: KeyAttributeDesign['type']): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const typed = value as { readonly S?: unknown; readonly N?: unknown; readonly B?: unknown };
  if (type === 'S') return typeof typed.S === 'string' ? typed.S : undefined;
  if (type === 'N') return typeof typed.N === 'string' ? typed.N : undefined;
  if (typeof typed.B === 'string') return typed.B;
  return typed.B instanceof Uint8Array ? encodeBase64(typed.B) : undefined;
}

/** Whether the stored value is exactly what the template makes of the values it decodes from it. */
function matches(check: KeyCheck, item: RecognisableItem): boolean {
  const text = keyText(item[check.attribute.name], check.attribute.type);
  if (text === undefined || !text.startsWith(check.leading)) return false;
  const decoded = check.compiled.decode(text);
  if (!decoded.ok) return false;
  const encoded = check.compiled.encode(decoded.value);
  if (!encoded.ok) return false;
  // A number key is stored normalised (DynamoDB drops leading zeros): compare numbers as numbers' canonical text.
  return check.attribute.type === 'N' ? normalizeDynamoNumber(encoded.value) === text : encoded.value === text;
}

function literalLength(check: KeyCheck): number {
  return check.compiled.template.segments.reduce((sum, segment) => sum + (segment.kind === 'literal' ? segment.text.length : 0), 0);
}

function leadingLiteral(compiled: CompiledKeyTemplate | undefined): string {
  const first = compiled?.template.segments[0];
  return first?.kind === 'literal' ? first.text : '';
}

/** Candidates indexed by the leading literal of their first partition template, for a lookup by prefix per row. */
class PrefixIndex {
  private readonly byPrefix = new Map<string, Candidate[]>();
  private readonly lengths: number[];
  constructor(
    candidates: readonly Candidate[],
    private readonly attribute: KeyAttributeDesign | undefined,
  ) {
    for (const candidate of candidates) {
      const list = this.byPrefix.get(candidate.prefix);
      if (list) list.push(candidate);
      else this.byPrefix.set(candidate.prefix, [candidate]);
    }
    this.lengths = [...new Set(candidates.map((candidate) => candidate.prefix.length))];
  }
  /** The candidates whose leading literal starts the item's first partition value, most specific first. */
  lookup(item: RecognisableItem): readonly Candidate[] {
    if (!this.attribute) return [];
    const text = keyText(item[this.attribute.name], this.attribute.type);
    if (text === undefined) return [];
    const found: Candidate[] = [];
    for (const length of this.lengths) {
      if (length > text.length) continue;
      const list = this.byPrefix.get(text.slice(0, length));
      if (list) found.push(...list);
    }
    return found.length > 1 ? found.sort((a, b) => a.rank - b.rank) : found;
  }
}

/**
 * Compiles every entity's templates for the table (or the index) once.
 *
 * @example
 * const recogniser = createEntityRecogniser(shopTable);
 * recogniser.entityOf({ PK: { S: "CUSTOMER#c1" }, SK: { S: "ORDER#2026-06-23T10:00:00Z#o_17" } })?.name // "Order"
 */
export function createEntityRecogniser(table: TableDesign, indexName?: string): EntityRecogniser {
  const tableSchema = keySchemaOf(table);
  const indexSchema = indexName === undefined ? undefined : keySchemaOf(table, indexName);
  const partitionAttributes = indexSchema ? indexSchema.partition : (tableSchema?.partition ?? []);
  const sortAttributes = unique([...(indexSchema ? indexSchema.sort : []), ...(tableSchema?.partition ?? []), ...(tableSchema?.sort ?? [])]).filter(
    (attribute) => !partitionAttributes.some((partition) => partition.name === attribute.name),
  );
  const checksOf = (entity: EntityDesign, attributes: readonly KeyAttributeDesign[]): KeyCheck[] | undefined => {
    const checks: KeyCheck[] = [];
    for (const attribute of attributes) {
      const text = keyTemplateOf(entity, attribute.name);
      if (text === undefined) return undefined;
      const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
      if (!compiled.ok) return undefined;
      checks.push({ attribute, compiled: compiled.value, leading: leadingLiteral(compiled.value) });
    }
    return checks;
  };

  const drafts: Omit<Candidate, 'rank'>[] = [];
  const unknownIndex = indexName !== undefined && indexSchema === undefined;
  for (const entity of unknownIndex ? [] : table.entities) {
    // Sparse indexes: an entity without a template for every key of the index is not in it.
    if (!isEntityInIndex(table, entity) || (indexName !== undefined && !isEntityInIndex(table, entity, indexName))) continue;
    const partitionChecks = checksOf(entity, partitionAttributes);
    const sortChecks = checksOf(entity, sortAttributes);
    if (!partitionChecks || !sortChecks) continue;
    drafts.push({ entity, partitionChecks, sortChecks, prefix: partitionChecks[0]?.leading ?? '' });
  }
  const specificity = (draft: Omit<Candidate, 'rank'>) => [...draft.partitionChecks, ...draft.sortChecks].reduce((sum, check) => sum + literalLength(check), 0);
  // Most literal characters first; equal ones keep the design's order (a stable sort).
  const candidates: Candidate[] = drafts
    .map((draft, order) => ({ draft, order, specificity: specificity(draft) }))
    .sort((a, b) => b.specificity - a.specificity || a.order - b.order)
    .map(({ draft }, rank) => ({ ...draft, rank }));
  const index = new PrefixIndex(candidates, partitionAttributes[0]);

  const inCollection = (candidate: Candidate, item: RecognisableItem) => candidate.partitionChecks.every((check) => matches(check, item));
  // Sort keys first: they tell entities of one collection apart, and their prefixes fail fast.
  const isEntity = (candidate: Candidate, item: RecognisableItem) =>
    candidate.sortChecks.every((check) => matches(check, item)) && inCollection(candidate, item);
  return {
    entityOf: (item) => index.lookup(item).find((candidate) => isEntity(candidate, item))?.entity,
    collectionEntitiesOf: (item) =>
      index
        .lookup(item)
        .filter((candidate) => inCollection(candidate, item))
        .map((candidate) => candidate.entity),
  };
}

function unique(attributes: readonly KeyAttributeDesign[]): KeyAttributeDesign[] {
  const seen = new Set<string>();
  return attributes.filter((attribute) => !seen.has(attribute.name) && seen.add(attribute.name));
}

const recognisers = new WeakMap<TableDesign, Map<string, EntityRecogniser>>();

/** The table's recogniser for the index (or the table itself), compiled once per table object. */
export function entityRecogniserFor(table: TableDesign, indexName?: string): EntityRecogniser {
  let byIndex = recognisers.get(table);
  if (!byIndex) recognisers.set(table, (byIndex = new Map()));
  const key = indexName ?? '';
  let recogniser = byIndex.get(key);
  if (!recogniser) byIndex.set(key, (recogniser = createEntityRecogniser(table, indexName)));
  return recogniser;
}

/**
 * The entity an item is, by its keys read through the table or an index
 * (see {@link createEntityRecogniser}); undefined when it matches none.
 *
 * @example
 * recogniseEntity(auditLogTable, { PK: { S: "ACTOR#u_8814" }, SK: { S: "EVT#2026-06-23T10:00:00Z" } })?.name // "Event"
 */
export function recogniseEntity(table: TableDesign, item: RecognisableItem, indexName?: string): EntityDesign | undefined {
  return entityRecogniserFor(table, indexName).entityOf(item);
}

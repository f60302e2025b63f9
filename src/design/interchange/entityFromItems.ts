import { parseKeyTemplate, printKeyTemplate, type TemplateSegment } from '../../keys';
import { compileTemplateText } from '../designKeys';
import type {
  AttributeDesign,
  AttributeTypeName,
  DesignSample,
  EntityDesign,
  JsonAttributeValue,
  JsonItem,
  KeyAttributeDesign,
  TableDesign,
} from '../design.types';
import { identifierOf, inferKeyTemplate } from '../infer';
import { DEFAULT_EXPECTATIONS, type ImportReportEntry } from './importResult';
import type { ShapeReader } from './shapeReader';
import { ownValue, setOwnValue } from '../../dynamo';

/** A sample item on its way into an entity: where it came from (for messages) and its place in the table's data. */
export interface SourceItem {
  readonly item: JsonItem;
  readonly path: string;
  /** 0-based position in the table's items: the sample id is `item-<position + 1>`, and export keeps this order. */
  readonly position: number;
}

export interface EntitySource {
  readonly name: string;
  readonly description: string;
  readonly items: readonly SourceItem[];
  /** Attribute names the source says the entity has (a facet's NonKeyAttributes). */
  readonly attributeNames: readonly string[];
}

/** The sample id an item at a position gets; `positionOfSampleId` reads it back. */
export const sampleIdAt = (position: number) => `item-${position + 1}`;

export function positionOfSampleId(id: string): number | undefined {
  const match = /^item-([1-9]\d*)$/.exec(id);
  return match ? Number(match[1]) - 1 : undefined;
}

/**
 * An entity from its sample items: one template inferred per key attribute
 * that every item carries, the field values decoded from each item's keys,
 * and its other attributes kept exactly. Key problems are errors on `reader`.
 */
export function entityFromItems(
  table: TableDesign,
  keyAttributes: readonly KeyAttributeDesign[],
  source: EntitySource,
  declaredTypes: ReadonlyMap<string, AttributeTypeName>,
  reader: ShapeReader,
  report: ImportReportEntry[],
  prefixWords: ReadonlyMap<string, string> = new Map(),
): EntityDesign {
  const keys: Record<string, string> = {};
  const requiredKeys = new Set([table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])]);
  const partitionKeys = new Set([table.partitionKey.name, ...table.indexes.flatMap((index) => index.partitionKey.map((attribute) => attribute.name))]);
  const entityNotes: string[] = [];
  const keyReport: ImportReportEntry[] = [];
  const usedFields = new Map<string, string>(); // field name → the attribute whose template has it first
  // Each key decoded once (an iso field's decode is the costly part of a large import).
  const decodedByAttribute = new Map<string, ReadonlyMap<SourceItem, Record<string, string>>>();
  for (const attribute of keyAttributes) {
    const holders = source.items.filter((entry) => entry.item[attribute.name] !== undefined);
    const typed = holders.filter((entry) => typeOfValue(entry.item[attribute.name]!) === attribute.type);
    for (const entry of holders) {
      if (typeOfValue(entry.item[attribute.name]!) === attribute.type) continue;
      const message = `is ${typeOfValue(entry.item[attribute.name]!)}, but ${attribute.name} is declared ${attribute.type}.`;
      if (requiredKeys.has(attribute.name)) reader.error(`${entry.path}.${attribute.name}`, `${message} Give every item the key type the table declares.`);
      else reader.warn(`${entry.path}.${attribute.name}`, `${message} Kept as a plain attribute.`);
    }
    if (requiredKeys.has(attribute.name)) {
      for (const entry of source.items)
        if (entry.item[attribute.name] === undefined)
          reader.error(entry.path, `the item has no ${attribute.name}, the table's ${attribute.name === table.partitionKey.name ? 'partition' : 'sort'} key.`);
    } else if (source.items.length > 0 && typed.length < source.items.length) {
      if (typed.length > 0)
        entityNotes.push(
          `${attribute.name} is in ${typed.length} of ${source.items.length} items: kept as a plain attribute, not a key template (the entity is left out of indexes keyed by it).`,
        );
      continue;
    } else if (source.items.length === 0 && !requiredKeys.has(attribute.name)) continue;
    const values = typed.map((entry) => keyText(entry.item[attribute.name]!));
    const inferred = inferKeyTemplate(values, {
      attributeName: attribute.name,
      keyType: attribute.type,
      partitionKey: partitionKeys.has(attribute.name),
      prefixWords,
    });
    for (const bad of inferred.unencodable ?? []) {
      const entry = typed.find((candidate) => keyText(candidate.item[attribute.name]!) === bad)!;
      if (attribute.type === 'N')
        reader.warn(
          `${entry.path}.${attribute.name}`,
          `"${bad}" is not in DynamoDB's normal number form; it is kept as DynamoDB stores it (${attribute.name} normalised).`,
        );
      else reader.error(`${entry.path}.${attribute.name}`, `${JSON.stringify(bad)} cannot be a DynamoDB ${attribute.type} key (empty, or not valid Unicode).`);
    }
    const { template, decoded } = renameSharedFields(inferred.template, attribute.name, typed, usedFields, decodedByAttribute);
    setOwnValue(keys, attribute.name, template);
    decodedByAttribute.set(attribute.name, decoded);
    keyReport.push({
      scope: 'key',
      table: table.name,
      entity: source.name,
      attribute: attribute.name,
      summary: `${attribute.name}: ${template} (from ${values.length} sample key${values.length === 1 ? '' : 's'})`,
      notes: inferred.notes,
    });
  }
  nameFieldsByValue(keys, decodedByAttribute, keyReport);
  const samples = source.items.map((entry) => sampleOf(keys, entry, decodedByAttribute));
  const attributes = attributesOf(source, keys, declaredTypes);
  report.push({
    scope: 'entity',
    table: table.name,
    entity: source.name,
    summary: `Entity ${source.name}: ${samples.length} sample${samples.length === 1 ? '' : 's'}, ${attributes.length} other attribute${attributes.length === 1 ? '' : 's'}`,
    notes: [source.description, ...entityNotes].filter(Boolean),
  });
  report.push(...keyReport);
  return { name: source.name, description: source.description, keys, attributes, samples, expectations: DEFAULT_EXPECTATIONS };
}

/**
 * A field named only after its key attribute (`{rankKeyPart3}`,
 * `{gsi1skPart2}`) takes the name of a field of another key of the entity
 * that holds the same value in every item (`playerId`, `orderId`): the key
 * repeats that value. At least two distinct values are needed, so a
 * coincidence in one sample renames nothing.
 */
function nameFieldsByValue(
  keys: Record<string, string>,
  decodedByAttribute: Map<string, ReadonlyMap<SourceItem, Record<string, string>>>,
  keyReport: ImportReportEntry[],
): void {
  const fieldsOf = (attribute: string) => {
    const parsed = parseKeyTemplate(ownValue(keys, attribute) ?? '');
    return parsed.ok ? parsed.value.segments.flatMap((segment) => (segment.kind === 'field' ? [segment.name] : [])) : [];
  };
  const isGeneric = (attribute: string, field: string, fieldCount: number) => {
    const base = identifierOf(attribute);
    return (field === base && fieldCount > 1) || new RegExp(`^${base}Part\\d+$`).test(field);
  };
  for (const attribute of Object.keys(keys)) {
    const mine = decodedByAttribute.get(attribute);
    const fields = fieldsOf(attribute);
    if (!mine || mine.size === 0) continue;
    for (const field of fields) {
      if (!isGeneric(attribute, field, fields.length)) continue;
      if (!hasTwoValues(mine, field)) continue;
      const match = Object.keys(keys)
        .filter((other) => other !== attribute)
        .flatMap((other) => {
          const theirFields = fieldsOf(other);
          return theirFields.filter((name) => !isGeneric(other, name, theirFields.length) && !fields.includes(name)).map((name) => ({ other, name }));
        })
        .find(({ other, name }) => {
          const theirs = decodedByAttribute.get(other);
          return [...mine].every(([entry, decoded]) => decoded[field] !== undefined && theirs?.get(entry)?.[name] === decoded[field]);
        });
      if (!match) continue;
      const parsed = parseKeyTemplate(ownValue(keys, attribute)!);
      if (!parsed.ok) continue;
      const before = ownValue(keys, attribute)!;
      setOwnValue(
        keys,
        attribute,
        printKeyTemplate({
          segments: parsed.value.segments.map((segment) => (segment.kind === 'field' && segment.name === field ? { ...segment, name: match.name } : segment)),
        }),
      );
      // The decoded records are this import's own: renamed in place (a copy per item was most of this pass's time).
      for (const decoded of mine.values()) {
        decoded[match.name] = decoded[field]!;
        delete decoded[field];
      }
      const line = keyReport.findIndex((entry) => entry.attribute === attribute);
      if (line >= 0)
        keyReport[line] = {
          ...keyReport[line]!,
          summary: keyReport[line]!.summary.replace(before, ownValue(keys, attribute)!),
          notes: keyReport[line]!.notes.map((note) => note.replaceAll(`{${field}}`, `{${match.name}}`)),
        };
      return nameFieldsByValue(keys, decodedByAttribute, keyReport);
    }
  }
}

function hasTwoValues(decoded: ReadonlyMap<SourceItem, Record<string, string>>, field: string): boolean {
  let first: string | undefined;
  for (const values of decoded.values()) {
    const value = values[field];
    if (first === undefined) first = value;
    else if (value !== first) return true;
  }
  return false;
}

/**
 * What the one-letter key prefixes of a table stand for (`c` → `customer`),
 * read from the entities whose own keys use them: an entity named with that
 * letter first whose table keys (partition, and sort if any) all start with
 * the letter and a delimiter in every item (`customer`: PK = SK = `c#12345`).
 * Two such entities for one letter: the shorter name (`order`, not
 * `orderStatus`); a letter no entity claims is left as it is.
 */
export function oneLetterPrefixWords(table: TableDesign, sources: readonly EntitySource[]): Map<string, string> {
  const keyNames = [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];
  const words = new Map<string, string>();
  for (const source of sources) {
    const letter = source.name[0]?.toLowerCase();
    if (letter === undefined || !/[a-z]/.test(letter) || source.items.length === 0) continue;
    const startsWithLetter = new RegExp(`^${letter}[#|:/~$@;!^_-]`, 'i');
    const own = source.items.every((entry) =>
      keyNames.every((name) => {
        const value = entry.item[name];
        return value !== undefined && startsWithLetter.test(keyText(value));
      }),
    );
    const claimed = words.get(letter);
    if (own && (claimed === undefined || source.name.length < claimed.length)) words.set(letter, source.name);
  }
  return words;
}

/**
 * Field names shared by two templates of one entity must hold the same
 * value in every item (`CUSTOMER#{customerId}` in PK and SK); a name that
 * holds different values is renamed in the later template.
 */
function renameSharedFields(
  template: string,
  attributeName: string,
  items: readonly SourceItem[],
  usedFields: Map<string, string>,
  decodedByAttribute: ReadonlyMap<string, ReadonlyMap<SourceItem, Record<string, string>>>,
): { template: string; decoded: Map<SourceItem, Record<string, string>> } {
  const decoded = new Map<SourceItem, Record<string, string>>();
  const compiled = compileTemplateText(template, 'partition');
  if (compiled.ok) {
    for (const entry of items) {
      const result = compiled.value.decode(keyText(entry.item[attributeName]!));
      if (result.ok) decoded.set(entry, result.value);
    }
  }
  const parsed = parseKeyTemplate(template);
  if (!parsed.ok) return { template, decoded };
  const renames = new Map<string, string>();
  const segments: TemplateSegment[] = parsed.value.segments.map((segment) => {
    if (segment.kind !== 'field') return segment;
    const owner = usedFields.get(segment.name);
    let name = segment.name;
    if (owner !== undefined) {
      const theirs = decodedByAttribute.get(owner);
      const same = items.every((entry) => {
        const mine = decoded.get(entry)?.[segment.name];
        return mine !== undefined && theirs?.get(entry)?.[segment.name] === mine;
      });
      if (!same) for (let n = 2; usedFields.has(name); n++) name = `${segment.name}${n}`;
    }
    if (!usedFields.has(name)) usedFields.set(name, attributeName);
    if (name === segment.name) return segment;
    renames.set(segment.name, name);
    return { ...segment, name };
  });
  if (renames.size === 0) return { template, decoded };
  for (const [entry, values] of decoded)
    decoded.set(entry, Object.fromEntries(Object.entries(values).map(([field, value]) => [renames.get(field) ?? field, value])));
  return { template: printKeyTemplate({ segments }), decoded };
}

function sampleOf(
  keys: Readonly<Record<string, string>>,
  entry: SourceItem,
  decodedByAttribute: ReadonlyMap<string, ReadonlyMap<SourceItem, Record<string, string>>>,
): DesignSample {
  const values: Record<string, string> = {};
  for (const name of Object.keys(keys)) Object.assign(values, decodedByAttribute.get(name)?.get(entry));
  // fromEntries and hasOwn: attributes named constructor or __proto__ are sample attributes like any other.
  const attributes: Record<string, JsonAttributeValue> = Object.fromEntries(Object.entries(entry.item).filter(([name]) => ownValue(keys, name) === undefined));
  return { id: sampleIdAt(entry.position), values, ...(Object.keys(attributes).length > 0 ? { attributes } : {}) };
}

function attributesOf(source: EntitySource, keys: Readonly<Record<string, string>>, declaredTypes: ReadonlyMap<string, AttributeTypeName>): AttributeDesign[] {
  const types = new Map<string, AttributeTypeName>();
  for (const name of source.attributeNames) if (ownValue(keys, name) === undefined) types.set(name, declaredTypes.get(name) ?? 'S');
  for (const entry of source.items) {
    for (const [name, value] of Object.entries(entry.item)) if (ownValue(keys, name) === undefined && !types.has(name)) types.set(name, typeOfValue(value));
  }
  return [...types].map(([name, type]) => ({ name, type }));
}

export function typeOfValue(value: JsonAttributeValue): AttributeTypeName {
  return Object.keys(value)[0] as AttributeTypeName;
}

/** A key attribute's value as a template encodes it: S and N as their text, B as base64. */
export function keyText(value: JsonAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  return '';
}

import type { AttributeTypeName } from '../design.types';
import { ownValue } from '../../dynamo';
import type { ElectroDbKey } from './electroDbKeys';
import { describeUnread, ElectroDbReadContext } from './electroDbReadContext';
import type { FoundEntity } from './findElectroDbEntities';
import type { LiteralValue, ObjectLiteral, TextPosition } from './moduleLiterals';

/*
 * The ElectroDB entity readers: an entity's model, table name, attributes (names, DynamoDB fields, types,
 * padding) and indexes (the table's key, GSIs, composite multi-attribute GSIs, each key's field, composite
 * and template), from the module's literals, never running it.
 */

/** ElectroDB attribute types and what DynamoDB stores for them. */
const ELECTRODB_TYPES: Readonly<Record<string, AttributeTypeName>> = {
  string: 'S',
  number: 'N',
  boolean: 'BOOL',
  list: 'L',
  map: 'M',
  set: 'SS',
  any: 'S',
  custom: 'S',
};

export interface ReadAttribute {
  readonly name: string;
  /** The DynamoDB attribute name (`field`), or the name. */
  readonly field: string;
  readonly type: AttributeTypeName;
  readonly label?: string;
  readonly padding?: { readonly length: number; readonly char: string };
  /** Where its `set` function is: the attribute is computed by code the import does not run. */
  readonly setAt?: TextPosition;
}

export interface ReadIndex {
  readonly accessPattern: string;
  /** The GSI's name; undefined for the table's own key. */
  readonly index?: string;
  readonly pk: ElectroDbKey;
  readonly sk?: ElectroDbKey;
  readonly collection?: readonly string[];
}

/** ElectroDB's `type: "composite"` index: a GSI with a multi-attribute key, its attributes themselves the key. */
export interface ReadMultiIndex {
  readonly accessPattern: string;
  readonly index: string;
  readonly partition: readonly string[];
  readonly sort: readonly string[];
  readonly at: TextPosition;
}

export interface ReadEntity {
  readonly name: string;
  readonly table: string;
  readonly service: string;
  readonly version: string;
  readonly attributes: readonly ReadAttribute[];
  readonly indexes: readonly ReadIndex[];
  readonly multiIndexes: readonly ReadMultiIndex[];
  readonly path: string;
  readonly skipped: readonly string[];
}

export class ElectroDbEntityReader extends ElectroDbReadContext {
  readEntity(found: FoundEntity, position: number): ReadEntity | undefined {
    const schema = found.schema;
    const model = this.object(schema.entries.get('model'), `entities[${position}].model`, 'the model ({ entity, version, service })');
    const label = model?.entries.get('entity');
    const entityName = label?.kind === 'string' ? label.value : `entities[${position}]`;
    const path = `${entityName}`;
    if (!model) return undefined;
    const name = this.string(model.entries.get('entity'), `${path}.model.entity`, "the entity's name");
    const service = this.string(model.entries.get('service'), `${path}.model.service`, "the service's name");
    const versionValue = model.entries.get('version');
    const version =
      versionValue === undefined
        ? '1'
        : versionValue.kind === 'number'
          ? versionValue.text
          : this.string(versionValue, `${path}.model.version`, 'the version ("1")');
    const attributes = this.readAttributes(schema.entries.get('attributes'), `${path}.attributes`);
    const multiIndexes: ReadMultiIndex[] = [];
    const indexes = this.readIndexes(schema.entries.get('indexes'), `${path}.indexes`, multiIndexes);
    const table = this.tableName(found, path);
    if (!name || !service || version === undefined || !attributes || !indexes || !table) return undefined;
    return { name, table, service, version, attributes, indexes, multiIndexes, path, skipped: skippedValues(schema, '') };
  }

  private tableName(found: FoundEntity, path: string): string | undefined {
    const value = found.config?.entries.get('table') ?? found.schema.entries.get('table');
    if (value?.kind === 'string' && value.value !== '') return value.value;
    // A constant of the module (`const TABLE_NAME = "orders"`, `{ table: TABLE_NAME }`): read, not run.
    const constant = value?.kind === 'unread' && /^[A-Za-z_$][\w$]*$/.test(value.text) ? found.constants.get(value.text) : undefined;
    if (constant) return constant;
    const fallback = this.fileName.replace(/\.[^.]*$/, '') || 'ElectroDB';
    if (value?.kind === 'unread')
      this.warn(
        `${path}.table`,
        `the table name is ${describeUnread(value)}, which Keylab does not run: the table is called ${fallback}; rename it in the Design tab.`,
        value.at,
      );
    else this.warn(`${path}.table`, `no table name (new Entity(schema, { table: "…" })): the table is called ${fallback}; rename it in the Design tab.`);
    return fallback;
  }

  private readAttributes(value: LiteralValue | undefined, path: string): ReadAttribute[] | undefined {
    const attributes = this.object(value, path, 'the attributes ({ name: { type: "string" } })');
    if (!attributes) return undefined;
    const read: ReadAttribute[] = [];
    for (const [name, definition] of attributes.entries) {
      const at = `${path}.${name}`;
      const shorthand = definition.kind === 'string' ? ownValue(ELECTRODB_TYPES, definition.value) : undefined;
      if (shorthand !== undefined) {
        read.push({ name, field: name, type: shorthand });
        continue;
      }
      if (definition.kind !== 'object') {
        this.warn(
          at,
          `${definition.kind === 'unread' ? describeUnread(definition) : definition.kind} is not an attribute definition Keylab reads; read as a string attribute.`,
          definition.at,
        );
        read.push({ name, field: name, type: 'S' });
        continue;
      }
      const field = definition.entries.get('field');
      const fieldName = field === undefined ? name : this.string(field, `${at}.field`, 'the attribute name in DynamoDB');
      if (fieldName === undefined) continue;
      const label = definition.entries.get('label');
      const padding = readPadding(definition.entries.get('padding'));
      const set = definition.entries.get('set');
      read.push({
        name,
        field: fieldName,
        type: this.attributeType(definition, at),
        ...(label?.kind === 'string' ? { label: label.value } : {}),
        ...(padding ? { padding } : {}),
        ...(set ? { setAt: set.at } : {}),
      });
    }
    return read;
  }

  private attributeType(definition: ObjectLiteral, path: string): AttributeTypeName {
    const type = definition.entries.get('type');
    if (type?.kind === 'array') return 'S'; // an enum of strings
    const typeName = type?.kind === 'string' ? ownValue(ELECTRODB_TYPES, type.value) : undefined;
    if (type?.kind === 'string' && typeName !== undefined) {
      if (type.value !== 'set') return typeName;
      const items = definition.entries.get('items');
      return items?.kind === 'string' && items.value === 'number' ? 'NS' : 'SS';
    }
    if (type === undefined) return 'S';
    this.warn(
      `${path}.type`,
      `${type.kind === 'unread' ? describeUnread(type) : type.kind === 'string' ? `"${type.value}"` : type.kind} is not an ElectroDB type Keylab reads (string, number, boolean, list, map, set, any, or a list of values); read as string.`,
      type.at,
    );
    return 'S';
  }

  private readIndexes(value: LiteralValue | undefined, path: string, multiIndexes: ReadMultiIndex[]): ReadIndex[] | undefined {
    const indexes = this.object(value, path, 'the indexes ({ accessPattern: { pk: {…}, sk: {…} } })');
    if (!indexes) return undefined;
    const read: ReadIndex[] = [];
    for (const [accessPattern, definition] of indexes.entries) {
      const at = `${path}.${accessPattern}`;
      const index = this.object(definition, at, 'an index ({ pk: { field, composite }, sk: { field, composite } })');
      if (!index) continue;
      const indexName = index.entries.get('index');
      const name = indexName === undefined ? undefined : this.string(indexName, `${at}.index`, "the GSI's name");
      if (indexName !== undefined && name === undefined) continue;
      const type = index.entries.get('type');
      if (type?.kind === 'string' && type.value === 'composite') {
        const multi = this.readMultiIndex(index, name, at, accessPattern);
        if (multi) multiIndexes.push(multi);
        continue;
      }
      const pk = this.readKey(index.entries.get('pk'), `${at}.pk`);
      const skValue = index.entries.get('sk');
      const sk = skValue === undefined ? undefined : this.readKey(skValue, `${at}.sk`);
      const collection = index.entries.get('collection');
      if (type?.kind === 'string' && type.value === 'clustered')
        this.warn(`${at}.type`, 'a clustered index puts the entity name after the sort key fields; read as isolated (the entity name first).', type.at);
      if (!pk || (skValue !== undefined && !sk)) continue;
      const collections =
        collection?.kind === 'string'
          ? [collection.value]
          : collection?.kind === 'array'
            ? collection.items.flatMap((item) => (item.kind === 'string' ? [item.value] : []))
            : [];
      if (collection !== undefined && collections.length === 0)
        this.warn(
          `${at}.collection`,
          `${collection.kind === 'unread' ? describeUnread(collection) : collection.kind} is not a collection name Keylab reads; the keys are read without a collection.`,
          collection.at,
        );
      read.push({
        accessPattern,
        ...(name !== undefined ? { index: name } : {}),
        pk,
        ...(sk ? { sk } : {}),
        ...(collections.length > 0 ? { collection: collections } : {}),
      });
    }
    return read;
  }

  /** `type: "composite"`: up to four partition and four sort attributes, each its own key attribute (no field, no template). */
  private readMultiIndex(index: ObjectLiteral, name: string | undefined, at: string, accessPattern: string): ReadMultiIndex | undefined {
    if (name === undefined) return this.error(`${at}.index`, 'a composite (multi-attribute) index is a GSI: give its name ("index").', index.at);
    const names = (key: 'pk' | 'sk'): string[] | undefined => {
      const definition = index.entries.get(key);
      if (definition === undefined && key === 'sk') return [];
      const object = this.object(definition, `${at}.${key}`, 'a key ({ composite: ["season", "region"] })');
      const composite = object?.entries.get('composite');
      if (composite?.kind !== 'array' || composite.items.length === 0 || composite.items.length > 4) {
        return this.error(
          `${at}.${key}.composite`,
          'a composite index key lists one to four attribute names (["season", "region"]).',
          composite?.at ?? object?.at,
        );
      }
      const read = composite.items.map((item, i) => this.string(item, `${at}.${key}.composite[${i}]`, 'an attribute name'));
      return read.every((item): item is string => item !== undefined) ? read : undefined;
    };
    const partition = names('pk');
    const sort = names('sk');
    return partition && sort ? { accessPattern, index: name, partition, sort, at: index.at } : undefined;
  }

  private readKey(value: LiteralValue | undefined, path: string): ElectroDbKey | undefined {
    const key = this.object(value, path, 'a key ({ field: "pk", composite: ["id"] })');
    if (!key) return undefined;
    const field = this.string(key.entries.get('field'), `${path}.field`, 'the key attribute name');
    const compositeValue = key.entries.get('composite') ?? key.entries.get('facets');
    let composite: string[] | undefined = [];
    if (compositeValue?.kind === 'array') {
      composite = compositeValue.items
        .map((item, i) => this.string(item, `${path}.composite[${i}]`, 'an attribute name'))
        .filter((item): item is string => item !== undefined);
      if (composite.length !== compositeValue.items.length) composite = undefined;
    } else if (compositeValue !== undefined && compositeValue.kind !== 'string') {
      composite = this.error(
        `${path}.composite`,
        `${compositeValue.kind === 'unread' ? describeUnread(compositeValue) : compositeValue.kind} is not a list of attribute names; Keylab never runs the module: write the list out (["team", "project"]).`,
        compositeValue.at,
      );
    }
    const templateValue = key.entries.get('template') ?? (compositeValue?.kind === 'string' ? compositeValue : undefined);
    const template = templateValue === undefined ? undefined : this.string(templateValue, `${path}.template`, 'a key template ("USER#${userId}")');
    const casingValue = key.entries.get('casing');
    let casing: ElectroDbKey['casing'] = 'default';
    if (casingValue?.kind === 'string' && ['upper', 'lower', 'none', 'default'].includes(casingValue.value))
      casing = casingValue.value as ElectroDbKey['casing'];
    else if (casingValue !== undefined)
      this.warn(
        `${path}.casing`,
        `${casingValue.kind === 'unread' ? describeUnread(casingValue) : casingValue.kind} is not upper, lower, none or default; ElectroDB's default (lower) is used.`,
        casingValue.at,
      );
    const cast = key.entries.get('cast');
    if (!field || !composite || (templateValue !== undefined && template === undefined)) return undefined;
    return { field, composite, ...(template !== undefined ? { template } : {}), casing, ...(cast?.kind === 'string' ? { cast: cast.value } : {}), at: key.at };
  }
}

function readPadding(value: LiteralValue | undefined): ReadAttribute['padding'] {
  if (value?.kind !== 'object') return undefined;
  const length = value.entries.get('length');
  const char = value.entries.get('char');
  if (length?.kind !== 'number' || char?.kind !== 'string' || char.value === '') return undefined;
  const width = Number(length.text);
  return Number.isInteger(width) && width > 0 && width <= 64 ? { length: width, char: char.value } : undefined;
}

/** Every unread value under `value` (functions, identifiers, …), as "path: what at line L, column C", for the report. */
function skippedValues(value: LiteralValue, path: string): string[] {
  if (value.kind === 'unread') return [`${path || '(root)'}: ${describeUnread(value)}`];
  if (value.kind === 'array') return value.items.flatMap((item, i) => skippedValues(item, `${path}[${i}]`));
  if (value.kind !== 'object') return [];
  return [
    ...value.unread.map((unread) => `${path || '(root)'}: ${describeUnread(unread)}`),
    ...[...value.entries].flatMap(([key, entry]) => skippedValues(entry, path ? `${path}.${key}` : key)),
  ];
}

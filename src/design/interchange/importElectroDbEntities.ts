import type { AttributeDesign, AttributeTypeName, DesignProblem, EntityDesign, IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { electroDbKeyTemplate, type ElectroDbKey } from './electroDbKeys';
import { findElectroDbEntities, type FoundEntity } from './findElectroDbEntities';
import { DEFAULT_EXPECTATIONS, type ImportReportEntry, type ImportResult } from './importResult';
import { ModuleReadError, type LiteralValue, type ObjectLiteral, type TextPosition, type UnreadValue } from './moduleLiterals';

/**
 * Imports ElectroDB entity definitions from a JavaScript or TypeScript
 * module — `new Entity({ model, attributes, indexes }, { table })`,
 * `export const schema = {…}`, `export default {…}`, with `as const`,
 * `satisfies` and type annotations — WITHOUT running any of it: only
 * JSON-like object literals are read (see moduleLiterals.ts). A function, an
 * identifier, a spread or an interpolation where the keys need it is an
 * error with its line and column; elsewhere (validate, default, get, set…)
 * it is listed in the report as skipped. Each table named by the entities
 * becomes a table of the design: the primary index's pk/sk fields its keys,
 * each `index` a GSI, each entity's keys the templates ElectroDB builds
 * (`$service#attr_{attr}`, `$entity_version#…`, custom `template`s, padding),
 * and its other attributes typed.
 *
 * @example
 * importElectroDbEntities(moduleText, { fileName: 'tasks.ts' })
 * // { ok: true, design: { tables: [{ name: 'tasks', partitionKey: { name: 'pk', … }, entities: [{ name: 'tasks', keys: { pk: '$taskapp#team_{team}', … } }] }] }, … }
 */
export function importElectroDbEntities(text: string, options: { readonly fileName?: string } = {}): ImportResult {
  const fileName = options.fileName ?? 'module.ts';
  let found: FoundEntity[];
  try {
    found = findElectroDbEntities(text);
  } catch (error) {
    if (!(error instanceof ModuleReadError)) throw error;
    return {
      ok: false,
      errors: [
        problem(
          '',
          `${fileName} cannot be read at line ${error.at.line}, column ${error.at.column}: ${error.message}. Nothing was imported (Keylab reads the module's object literals, never runs it).`,
          error.at,
        ),
      ],
    };
  }
  if (found.length === 0) {
    return {
      ok: false,
      errors: [
        problem(
          '',
          `${fileName} has no ElectroDB entity definition Keylab can read: it looks for new Entity({ model, attributes, indexes }) or an object literal with model, attributes and indexes (export const schema = {…}, export default {…}).`,
        ),
      ],
    };
  }
  const context = new ImportContext(fileName);
  const entities = found.map((entity, position) => context.readEntity(entity, position)).filter((entity): entity is ReadEntity => entity !== undefined);
  const tables = context.tables(entities);
  if (context.errors.length > 0) return { ok: false, errors: context.errors };
  const name = fileName.replace(/\.[^.]*$/, '') || 'ElectroDB';
  const report: ImportReportEntry[] = [
    {
      scope: 'model',
      summary: `ElectroDB module ${fileName}: ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'} in ${tables.length} table${tables.length === 1 ? '' : 's'}, read without running the module.`,
      notes: context.warnings.map((warning) => warning.message),
    },
    ...context.report,
  ];
  return { ok: true, design: { name, description: `Imported from the ElectroDB entities of ${fileName}.`, tables }, report, warnings: context.warnings };
}

function problem(path: string, message: string, at?: TextPosition, severity: 'error' | 'warning' = 'error'): DesignProblem {
  return { path, message: path ? `${path}: ${message}` : message, severity, ...(at ? { line: at.line, column: at.column } : {}) };
}

function where(at: TextPosition): string {
  return `line ${at.line}, column ${at.column}`;
}

function describeUnread(value: UnreadValue): string {
  return `${value.what}${value.text && !value.what.includes(value.text) ? ` (${value.text})` : ''} at ${where(value.at)}`;
}

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

interface ReadAttribute {
  readonly name: string;
  /** The DynamoDB attribute name (`field`), or the name. */
  readonly field: string;
  readonly type: AttributeTypeName;
  readonly label?: string;
  readonly padding?: { readonly length: number; readonly char: string };
  /** Where its `set` function is: the attribute is computed by code the import does not run. */
  readonly setAt?: TextPosition;
}

interface ReadIndex {
  readonly accessPattern: string;
  /** The GSI's name; undefined for the table's own key. */
  readonly index?: string;
  readonly pk: ElectroDbKey;
  readonly sk?: ElectroDbKey;
  readonly collection?: readonly string[];
}

/** ElectroDB's `type: "composite"` index: a GSI with a multi-attribute key, its attributes themselves the key. */
interface ReadMultiIndex {
  readonly accessPattern: string;
  readonly index: string;
  readonly partition: readonly string[];
  readonly sort: readonly string[];
  readonly at: TextPosition;
}

interface ReadEntity {
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

class ImportContext {
  readonly errors: DesignProblem[] = [];
  readonly warnings: DesignProblem[] = [];
  readonly report: ImportReportEntry[] = [];
  constructor(readonly fileName: string) {}

  error(path: string, message: string, at?: TextPosition): undefined {
    this.errors.push(problem(path, message, at));
    return undefined;
  }

  warn(path: string, message: string, at?: TextPosition): void {
    this.warnings.push(problem(path, message, at, 'warning'));
  }

  /** A value that must be a non-empty string literal. */
  string(value: LiteralValue | undefined, path: string, what: string): string | undefined {
    if (value?.kind === 'string' && value.value !== '') return value.value;
    if (value?.kind === 'unread')
      return this.error(
        path,
        `${describeUnread(value)} was not read: Keylab reads literals only and never runs the module; write ${what} as a literal.`,
        value.at,
      );
    if (value === undefined) return this.error(path, `missing: give ${what}.`);
    return this.error(path, `${value.kind === 'number' ? value.text : value.kind} is not ${what}.`, value.at);
  }

  object(value: LiteralValue | undefined, path: string, what: string): ObjectLiteral | undefined {
    if (value?.kind === 'object') {
      for (const unread of value.unread)
        this.error(
          `${path}`,
          `${describeUnread(unread)} was not read (Keylab reads literals only and never runs the module): spell out ${what} as a literal.`,
          unread.at,
        );
      return value;
    }
    if (value?.kind === 'unread')
      return this.error(
        path,
        `${describeUnread(value)} was not read: Keylab reads literals only and never runs the module; write ${what} as an object literal.`,
        value.at,
      );
    return this.error(path, `${value ? value.kind : 'nothing'} is not ${what}.`, value?.at);
  }

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
      if (definition.kind === 'string' && ELECTRODB_TYPES[definition.value] !== undefined) {
        read.push({ name, field: name, type: ELECTRODB_TYPES[definition.value]! });
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
    if (type?.kind === 'string' && ELECTRODB_TYPES[type.value] !== undefined) {
      if (type.value !== 'set') return ELECTRODB_TYPES[type.value]!;
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

  /** The entities grouped by table: keys from the primary index, GSIs from the others, each entity's templates. */
  tables(entities: readonly ReadEntity[]): TableDesign[] {
    const byTable = new Map<string, ReadEntity[]>();
    for (const entity of entities) byTable.set(entity.table, [...(byTable.get(entity.table) ?? []), entity]);
    return [...byTable].flatMap(([name, members]) => {
      const table = this.table(name, members);
      return table ? [table] : [];
    });
  }

  private table(name: string, members: readonly ReadEntity[]): TableDesign | undefined {
    let partitionKey: KeyAttributeDesign | undefined;
    let sortKey: KeyAttributeDesign | undefined;
    const indexes = new Map<string, IndexDesign>();
    // As ElectroDB casts: a key of one number attribute and nothing else (`${ts}`, or composite ["ts"] on field "ts") is a number.
    const keyType = (entity: ReadEntity, key: ElectroDbKey): KeyAttributeDesign['type'] => {
      const single =
        key.template !== undefined
          ? /^\$\{([^}]+)\}$/.exec(key.template)?.[1]?.trim()
          : key.composite.length === 1 && key.composite[0] === key.field
            ? key.composite[0]
            : undefined;
      const attribute = single === undefined ? undefined : entity.attributes.find((candidate) => candidate.name === single);
      return key.cast === 'number' || (key.cast !== 'string' && attribute?.type === 'N') ? 'N' : 'S';
    };
    const entityDesigns: EntityDesign[] = [];
    for (const entity of members) {
      const primary = entity.indexes.filter((index) => index.index === undefined);
      if (primary.length !== 1) {
        this.error(
          `${entity.path}.indexes`,
          primary.length === 0
            ? 'no index without "index": ElectroDB needs one for the table\'s own key.'
            : 'several indexes without "index": only the table\'s own key may leave it out.',
        );
        continue;
      }
      const main = primary[0]!;
      const pk = { name: main.pk.field, type: keyType(entity, main.pk) };
      const sk = main.sk ? { name: main.sk.field, type: keyType(entity, main.sk) } : undefined;
      if (partitionKey && (partitionKey.name !== pk.name || sortKey?.name !== sk?.name)) {
        this.error(
          `${entity.path}.indexes.${main.accessPattern}`,
          `table ${name}'s key is ${partitionKey.name}${sortKey ? ` / ${sortKey.name}` : ''} for the entities before, but ${pk.name}${sk ? ` / ${sk.name}` : ''} here: the entities of one table share its key attributes.`,
          main.pk.at,
        );
        continue;
      }
      partitionKey ??= pk;
      sortKey ??= sk;
      for (const index of entity.indexes) {
        if (index.index === undefined) continue;
        const design: IndexDesign = {
          name: index.index,
          kind: 'GSI',
          partitionKey: [{ name: index.pk.field, type: keyType(entity, index.pk) }],
          sortKey: index.sk ? [{ name: index.sk.field, type: keyType(entity, index.sk) }] : [],
          projection: { type: 'ALL', attributes: [] },
        };
        const known = indexes.get(index.index);
        if (known && (known.partitionKey[0]!.name !== design.partitionKey[0]!.name || known.sortKey[0]?.name !== design.sortKey[0]?.name)) {
          this.error(
            `${entity.path}.indexes.${index.accessPattern}`,
            `index ${index.index} is keyed by ${known.partitionKey[0]!.name}${known.sortKey[0] ? ` / ${known.sortKey[0].name}` : ''} for another entity, but ${design.partitionKey[0]!.name}${design.sortKey[0] ? ` / ${design.sortKey[0].name}` : ''} here.`,
            index.pk.at,
          );
        } else if (!known) indexes.set(index.index, design);
      }
      for (const multi of entity.multiIndexes) {
        const attribute = (attributeName: string): KeyAttributeDesign | undefined => {
          const read = entity.attributes.find((candidate) => candidate.name === attributeName);
          if (!read)
            return this.error(
              `${entity.path}.indexes.${multi.accessPattern}`,
              `the key names the attribute ${attributeName}, which the entity's attributes do not define.`,
              multi.at,
            );
          return { name: read.field, type: read.type === 'N' ? 'N' : 'S' };
        };
        const partition = multi.partition.map(attribute);
        const sort = multi.sort.map(attribute);
        if (partition.some((entry) => !entry) || sort.some((entry) => !entry)) continue;
        if (!indexes.has(multi.index))
          indexes.set(multi.index, {
            name: multi.index,
            kind: 'GSI',
            partitionKey: partition as KeyAttributeDesign[],
            sortKey: sort as KeyAttributeDesign[],
            projection: { type: 'ALL', attributes: [] },
          });
      }
      entityDesigns.push(this.entityDesign(name, entity));
    }
    if (!partitionKey) return undefined;
    return {
      name,
      description: `Imported from ElectroDB entities (${this.fileName}).`,
      partitionKey,
      ...(sortKey ? { sortKey } : {}),
      indexes: [...indexes.values()],
      billingMode: 'PAY_PER_REQUEST',
      entities: entityDesigns,
      accessPatterns: [],
    };
  }

  private entityDesign(table: string, entity: ReadEntity): EntityDesign {
    const keys: [string, string][] = [];
    const keyReports: ImportReportEntry[] = [];
    const cased: string[] = [];
    const keyFields = new Set<string>();
    for (const index of entity.indexes) {
      for (const [role, key] of [
        ['pk', index.pk],
        ['sk', index.sk],
      ] as const) {
        if (!key || keyFields.has(key.field)) continue;
        keyFields.add(key.field);
        const built = electroDbKeyTemplate({
          role,
          key,
          service: entity.service,
          entity: entity.name,
          version: entity.version,
          attributes: entity.attributes,
          hasSortKey: index.sk !== undefined,
          ...(index.collection !== undefined ? { collection: index.collection } : {}),
        });
        if (!built.ok) {
          this.error(`${entity.path}.indexes.${index.accessPattern}.${role}`, built.message, key.at);
          continue;
        }
        keys.push([key.field, built.template]);
        const computed = entity.attributes.find((attribute) => attribute.setAt !== undefined && built.template === `{${attribute.name}}`);
        if (computed) {
          this.warn(
            `${entity.path}.attributes.${computed.name}.set`,
            `${key.field} is the attribute ${computed.name}, written by its set function, which Keylab does not run: the template {${computed.name}} stands for the whole key; give the entity its real template in the Design tab.`,
            computed.setAt,
          );
        }
        if (built.casesValues) cased.push(`${key.field} (${built.casesValues})`);
        keyReports.push({ scope: 'key', table, entity: entity.name, attribute: key.field, summary: `${key.field}: ${built.template}`, notes: built.notes });
      }
    }
    // A composite index's attributes are its keys, each holding its own value.
    for (const multi of entity.multiIndexes) {
      for (const attributeName of [...multi.partition, ...multi.sort]) {
        const attribute = entity.attributes.find((candidate) => candidate.name === attributeName);
        if (!attribute || keyFields.has(attribute.field)) continue;
        keyFields.add(attribute.field);
        const template = `{${attribute.name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[^A-Za-z_])/, '_')}}`;
        keys.push([attribute.field, template]);
        if (attribute.setAt)
          this.warn(
            `${entity.path}.attributes.${attribute.name}.set`,
            `${attribute.field} is the attribute ${attribute.name}, written by its set function, which Keylab does not run: the template {${attribute.name}} stands for the whole key; give the entity its real template in the Design tab.`,
            attribute.setAt,
          );
        keyReports.push({
          scope: 'key',
          table,
          entity: entity.name,
          attribute: attribute.field,
          summary: `${attribute.field}: ${template} (index ${multi.index}, a multi-attribute key)`,
          notes: [],
        });
      }
    }
    const attributes: AttributeDesign[] = entity.attributes
      .filter((attribute) => !keyFields.has(attribute.field))
      .map((attribute) => ({ name: attribute.field, type: attribute.type }));
    const notes = [
      ...(cased.length > 0
        ? [
            `ElectroDB changes the case of these keys' values too (its casing option, lower by default): ${cased.join(', ')}. A template keeps values as given: give values in that case, or set casing: "none" on those keys.`,
          ]
        : []),
      ...(entity.skipped.length > 0 ? [`Skipped without running it (Keylab reads literals only): ${entity.skipped.join('; ')}.`] : []),
    ];
    this.report.push(
      {
        scope: 'entity',
        table,
        entity: entity.name,
        summary: `Entity ${entity.name} (ElectroDB, service ${entity.service}, version ${entity.version}): ${keys.length} key template(s), ${attributes.length} other attribute(s), no samples.`,
        notes,
      },
      ...keyReports,
    );
    // fromEntries: a key attribute named __proto__ stays a key attribute.
    return {
      name: entity.name,
      description: `From the ElectroDB entity ${entity.name} (service ${entity.service}).`,
      keys: Object.fromEntries(keys),
      attributes,
      samples: [],
      expectations: DEFAULT_EXPECTATIONS,
    };
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

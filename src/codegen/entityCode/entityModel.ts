import {
  findEntity,
  keyAttributesOf,
  keyRoleOf,
  safeFileName,
  type AttributeTypeName,
  type Design,
  type EntityDesign,
  type KeyAttributeDesign,
  type ProjectionDesign,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import { parseKeyTemplate, templateFields, type FieldFormat, type KeyRole, type KeyTemplate } from '../../keys';
import { exportKeyDesignsModule, pascalCaseWords } from '../exportKeyDesignModule';
import { escapeInvisibleCharacters } from '../invisibleCharacters';
import type { EntityCodeOptions, GeneratedFile } from './entityCode.types';

/*
 * What both library generators need from a design, worked out once: for each
 * entity the attributes the library's item has (template fields, the
 * entity's own attributes, the key attributes), which key attributes are
 * computed by a key builder of the table's keys module and from which
 * fields, and the indexes the entity's items are in. The generators only
 * print it in their library's terms.
 */

/** The value type of an attribute of the library's item. */
export type ItemAttributeType = 'string' | 'number' | 'boolean' | 'binary' | 'null' | 'map' | 'list' | 'stringSet' | 'numberSet' | 'binarySet';

/** An attribute the item is written with: a template field, one of the entity's attributes, or a field that is also a key. */
export interface ItemAttribute {
  readonly name: string;
  readonly type: ItemAttributeType;
  /** A template field: needed to build a key, so required on every write. */
  readonly field: boolean;
  /** A field of the table's primary key templates (the library asks for these to get or delete an item). */
  readonly primaryKeyField: boolean;
}

/** A key attribute the entity has a template for. */
export interface EntityKey {
  readonly attribute: KeyAttributeDesign;
  readonly templateText: string;
  readonly role: KeyRole;
  /**
   * The key builder of the keys module that writes it (`encodeRunRankKey`),
   * or undefined when the template is just `{name}` of a field of the same
   * name: the field itself is the key.
   */
  readonly encoder?: string;
  /** The template's fields, in order. */
  readonly fields: readonly string[];
  /**
   * The template is one formatted field of the key's own name (`createdAt` = `{createdAt:iso}`,
   * used by no other template): the item's attribute of that name is the field, stored as the key
   * builder writes it (normalised, padded) — ElectroDB's `set`, dynamodb-toolbox's transformer.
   */
  readonly selfFormatted?: boolean;
}

/** An index (or the table, `name` undefined) the entity's items are in, with its key attributes left to right. */
export interface EntityIndex {
  readonly name?: string;
  readonly kind: 'table' | 'GSI' | 'LSI';
  readonly partition: readonly KeyAttributeDesign[];
  readonly sort: readonly KeyAttributeDesign[];
  /** What a secondary index copies (the table: everything). */
  readonly projection: ProjectionDesign;
}

export interface EntityModel {
  readonly entity: EntityDesign;
  /** A TypeScript identifier for the generated entity, unique in its file (`RunEntity`). */
  readonly identifier: string;
  /** Every attribute of the library's item that is not a computed key, fields first. */
  readonly attributes: readonly ItemAttribute[];
  readonly keys: readonly EntityKey[];
  readonly indexes: readonly EntityIndex[];
}

export interface TableModel {
  readonly table: TableDesign;
  /** The file-name stem of the table's files (`leaderboard`). */
  readonly fileStem: string;
  /** The table's keys module: every computed key of every entity. */
  readonly keysFile: GeneratedFile;
  readonly entities: readonly EntityModel[];
}

export type DesignModelResult = { readonly ok: true; readonly tables: readonly TableModel[] } | { readonly ok: false; readonly message: string };

/** The import path of a table's keys module from its library files (same folder). */
export function keysModulePath(model: TableModel): string {
  return `./${model.keysFile.fileName.replace(/\.ts$/, '')}`;
}

const ATTRIBUTE_TYPES: Readonly<Record<AttributeTypeName, ItemAttributeType>> = {
  S: 'string',
  N: 'number',
  B: 'binary',
  BOOL: 'boolean',
  NULL: 'null',
  M: 'map',
  L: 'list',
  SS: 'stringSet',
  NS: 'numberSet',
  BS: 'binarySet',
};

/**
 * The tables and entities the options pick, as the generators need them;
 * or why they can't be generated (an unknown table or entity, a template
 * that does not parse, a key attribute that clashes with a field).
 */
export function designModel(design: Design, options: EntityCodeOptions): DesignModelResult {
  const tables = design.tables.filter((table) => options.table === undefined || table.name === options.table);
  if (tables.length === 0)
    return {
      ok: false,
      message: `The design has no table named ${JSON.stringify(options.table)}: pick one of ${design.tables.map((table) => JSON.stringify(table.name)).join(', ') || '(none)'}.`,
    };
  const picked = options.entity === undefined ? tables : tables.filter((table) => findEntity(table, options.entity as string) !== undefined);
  if (picked.length === 0)
    return {
      ok: false,
      message: `No table${options.table === undefined ? ' of the design' : ` ${JSON.stringify(options.table)}`} has an entity named ${JSON.stringify(options.entity)}.`,
    };
  if (options.entity !== undefined && picked.length > 1)
    return {
      ok: false,
      message: `Entity ${JSON.stringify(options.entity)} is in ${picked.length} tables (${picked.map((table) => JSON.stringify(table.name)).join(', ')}): pick the table too.`,
    };
  const stems = new Set<string>();
  const models: TableModel[] = [];
  for (const table of picked) {
    let stem = safeFileName(table.name).toLowerCase();
    for (let n = 2; stems.has(stem); n++) stem = `${safeFileName(table.name).toLowerCase()}-${n}`;
    stems.add(stem);
    const entities = table.entities.filter((entity) => options.entity === undefined || entity.name === options.entity);
    const model = tableModel(table, entities, stem);
    if (!model.ok) return model;
    models.push(model.model);
  }
  return { ok: true, tables: models };
}

interface PendingKey {
  readonly entityIndex: number;
  readonly key: Omit<EntityKey, 'encoder'>;
  readonly template: KeyTemplate;
  readonly computed: boolean;
}

function tableModel(table: TableDesign, entities: readonly EntityDesign[], fileStem: string): { ok: true; model: TableModel } | { ok: false; message: string } {
  const where = (entity: EntityDesign) => `Entity ${JSON.stringify(entity.name)} of table ${JSON.stringify(table.name)}`;
  const pending: PendingKey[] = [];
  const partial: Omit<EntityModel, 'keys'>[] = [];
  const identifiers = new Set<string>();
  for (const [entityIndex, entity] of entities.entries()) {
    const keyAttributes = keyAttributesOf(table).filter((attribute) => keyTemplateOf(entity, attribute.name) !== undefined);
    for (const attribute of [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]) {
      if (keyTemplateOf(entity, attribute.name) === undefined)
        return { ok: false, message: `${where(entity)} has no template for the table's key ${JSON.stringify(attribute.name)}: give it one in the Design tab.` };
    }
    const keys: Omit<PendingKey, 'entityIndex'>[] = [];
    for (const attribute of keyAttributes) {
      const templateText = keyTemplateOf(entity, attribute.name) as string;
      const parsed = parseKeyTemplate(templateText);
      if (!parsed.ok)
        return {
          ok: false,
          message: `${where(entity)}: the template of ${JSON.stringify(attribute.name)} does not parse (${parsed.findings[0]?.message ?? 'invalid'}): fix it in the Design tab.`,
        };
      const fields = templateFields(parsed.value).map((field) => field.name);
      const [only] = parsed.value.segments;
      const identity = parsed.value.segments.length === 1 && only?.kind === 'field' && only.name === attribute.name && only.format.kind === 'string';
      // Another template may use the field too when its format re-encodes its own output unchanged (iso, epoch, int, dec): then either value builds the same keys.
      const selfFormatted =
        !identity &&
        parsed.value.segments.length === 1 &&
        only?.kind === 'field' &&
        only.name === attribute.name &&
        (!usedElsewhere(entity, attribute.name) || reencodesUnchanged(only.format));
      if (!identity && !selfFormatted && fields.includes(attribute.name)) {
        return {
          ok: false,
          message: `${where(entity)}: key attribute ${JSON.stringify(attribute.name)} is built by ${templateText}, which uses a field of the same name: the item would need two values under one name. Rename the field or the key attribute.`,
        };
      }
      if (!identity && attribute.type === 'B')
        return {
          ok: false,
          message: `${where(entity)}: binary (B) key ${JSON.stringify(attribute.name)} is built from a template; entity code builds S and N keys only.`,
        };
      keys.push({
        key: { attribute, templateText, role: keyRoleOf(table, attribute.name), fields, ...(selfFormatted ? { selfFormatted } : {}) },
        template: parsed.value,
        computed: !identity,
      });
    }
    pending.push(...keys.map((key) => ({ ...key, entityIndex })));
    // Computed keys that are attributes of their own (a self-formatted key is its field's attribute).
    const computedNames = new Set(keys.filter((key) => key.computed && !key.key.selfFormatted).map((key) => key.key.attribute.name));
    const clash = keys.find((key) => key.computed && !key.key.selfFormatted && keys.some((other) => other.key.fields.includes(key.key.attribute.name)));
    if (clash)
      return {
        ok: false,
        message: `${where(entity)}: key attribute ${JSON.stringify(clash.key.attribute.name)} is also a template field: rename one of them.`,
      };
    const primaryFields = new Set(
      keys.filter((key) => key.key.attribute === table.partitionKey || key.key.attribute === table.sortKey).flatMap((key) => key.key.fields),
    );
    const attributes = itemAttributes(
      entity,
      keys.map((key) => key.key),
      computedNames,
      primaryFields,
    );
    const indexes: EntityIndex[] = [
      { kind: 'table', partition: [table.partitionKey], sort: table.sortKey ? [table.sortKey] : [], projection: { type: 'ALL', attributes: [] } },
      ...table.indexes
        .filter((index) => [...index.partitionKey, ...index.sortKey].every((attribute) => keyTemplateOf(entity, attribute.name) !== undefined))
        .map((index): EntityIndex => ({
          name: index.name,
          kind: index.kind,
          partition: index.partitionKey,
          sort: index.sortKey,
          projection: index.projection,
        })),
    ];
    partial.push({ entity, identifier: uniqueIdentifier(`${pascalCaseWords(entity.name) || 'Item'}Entity`, identifiers), attributes, indexes });
  }
  const computed = pending.filter((key) => key.computed);
  const keysModule = exportKeyDesignsModule(
    computed.map(({ entityIndex, key, template }) => ({
      name: `${partial[entityIndex]?.identifier.replace(/Entity\d*$/, '') ?? ''} ${key.attribute.name}`,
      template,
      role: key.role,
      title: `${entities[entityIndex]?.name ?? ''}.${key.attribute.name} of table ${table.name}`,
    })),
    `the keys of table ${table.name}`,
  );
  const encoders = new Map(computed.map((key, index) => [key, `encode${keysModule.typeNames[index] ?? 'Key'}`]));
  const models = partial.map((model, entityIndex): EntityModel => ({
    ...model,
    keys: pending
      .filter((key) => key.entityIndex === entityIndex)
      .map((key) => ({ ...key.key, ...(encoders.has(key) ? { encoder: encoders.get(key) as string } : {}) })),
  }));
  return { ok: true, model: { table, fileStem, keysFile: { fileName: `${fileStem}.keys.ts`, text: keysModule.text }, entities: models } };
}

/** Fields first (typed by an attribute or key of the same name, else text), then the entity's other attributes; never a computed key. */
function itemAttributes(
  entity: EntityDesign,
  keys: readonly Omit<EntityKey, 'encoder'>[],
  computed: ReadonlySet<string>,
  primaryFields: ReadonlySet<string>,
): ItemAttribute[] {
  const declared = new Map(entity.attributes.map((attribute) => [attribute.name, ATTRIBUTE_TYPES[attribute.type]]));
  // A field that is a key of its own name (as is, or self-formatted) is typed by the key.
  const identityKeys = new Map(
    keys.filter((key) => !computed.has(key.attribute.name) && key.fields.includes(key.attribute.name)).map((key) => [key.attribute.name, key.attribute.type]),
  );
  const fields = [...new Set(keys.flatMap((key) => key.fields))];
  const typeOfField = (name: string): ItemAttributeType => {
    const keyType = identityKeys.get(name);
    if (keyType !== undefined) return keyType === 'N' ? 'number' : keyType === 'B' ? 'binary' : 'string';
    const type = declared.get(name);
    return type === 'number' ? 'number' : 'string';
  };
  return [
    ...fields.map((name): ItemAttribute => ({ name, type: typeOfField(name), field: true, primaryKeyField: primaryFields.has(name) })),
    ...entity.attributes
      .filter((attribute) => !fields.includes(attribute.name) && !computed.has(attribute.name))
      .map((attribute): ItemAttribute => ({ name: attribute.name, type: ATTRIBUTE_TYPES[attribute.type], field: false, primaryKeyField: false })),
  ];
}

function uniqueIdentifier(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** A field's value as the key builders take it: text (a number as DynamoDB would print it). */
export function fieldTextExpression(item: string, attribute: ItemAttribute, access: string): string {
  return attribute.type === 'string' ? `${item}${access}` : `String(${item}${access})`;
}

/** Keeps design text from closing a comment or ending its line (and shows invisible characters as escapes). */
export function commentText(text: string): string {
  return escapeInvisibleCharacters(text)
    .replace(/\*\//g, '*\\/')
    .replace(/[\r\n]+/g, ' ');
}

/** "KEYS_ONLY", "INCLUDE (total, status)": an index's projection in words, for a comment. */
export function projectionText(projection: ProjectionDesign): string {
  return projection.type === 'INCLUDE' ? `INCLUDE (${projection.attributes.join(', ')})` : projection.type;
}

/** Whether a field appears in more than one of the entity's templates (a self-formatted key needs it to itself). */
function usedElsewhere(entity: EntityDesign, field: string): boolean {
  let uses = 0;
  for (const text of Object.values(entity.keys)) {
    const parsed = parseKeyTemplate(text);
    if (parsed.ok && templateFields(parsed.value).some((segment) => segment.name === field)) uses++;
  }
  return uses > 1;
}

/** Whether encoding a value this format wrote gives it back (not for inverted or signed numbers, whose stored digits read as another number). */
function reencodesUnchanged(format: FieldFormat): boolean {
  return format.kind === 'iso' || format.kind === 'epoch' || format.kind === 'dec' || (format.kind === 'int' && !format.descending);
}

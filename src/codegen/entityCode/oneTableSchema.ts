import { parseKeyTemplate, templateFields, type KeyRole, type KeyTemplate } from '../../keys';
import { keyAttributesOf, keyRoleOf, type AttributeTypeName, type EntityDesign, type KeyAttributeDesign, type TableDesign } from '../../design';

/*
 * The OneTable schema of one table of a design, as plain data: the JSON form
 * when no key needs code, and the object the TypeScript module exports.
 * Keys whose template OneTable's own value templates write exactly (text
 * fields and literals only) become value templates (`SEASON#${season}`);
 * keys the design pads, inverts or converts (int, sint, dec, iso, epoch)
 * get `value: true` and are computed by the design's key builders through
 * OneTable's documented hook for computed values (the Table's `value`
 * function), listed in `builders`.
 */

/** A OneTable field: its type by name (OneTable reads "string", "number", … in JSON schemas) and how its value is made. */
export interface OneTableField {
  readonly type: string;
  /** A value template, or true: computed by the Table's value function. */
  readonly value?: string | true;
}

export interface OneTableIndex {
  readonly hash?: string;
  readonly sort?: string;
  readonly type?: 'local';
  readonly project?: 'all' | 'keys' | readonly string[];
}

export interface OneTableSchema {
  readonly format: 'onetable:1.1.0';
  readonly version: string;
  readonly indexes: Readonly<Record<string, OneTableIndex>>;
  readonly models: Readonly<Record<string, Readonly<Record<string, OneTableField>>>>;
  readonly params: { readonly isoDates: true; readonly timestamps: false };
}

/** A key the design's key builder computes: which model's field, its template and the fields it reads. */
export interface OneTableKeyBuilder {
  readonly model: string;
  readonly attribute: string;
  readonly template: KeyTemplate;
  readonly templateText: string;
  readonly role: KeyRole;
  readonly fields: readonly string[];
}

export type OneTableSchemaResult =
  | { readonly ok: true; readonly schema: OneTableSchema; readonly builders: readonly OneTableKeyBuilder[]; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Design attribute types as OneTable field types (NULL has none: such attributes are left out with a note). */
const ONETABLE_TYPE: Readonly<Record<AttributeTypeName, string | undefined>> = {
  S: 'string',
  N: 'number',
  B: 'binary',
  BOOL: 'boolean',
  NULL: undefined,
  M: 'object',
  L: 'array',
  SS: 'set',
  NS: 'set',
  BS: 'set',
};

/**
 * Whether OneTable's `${field}` substitution writes exactly the key the
 * template encodes: text fields and literals only (a literal holding "${"
 * would read as a placeholder).
 */
function isPlainTemplate(template: KeyTemplate): boolean {
  return template.segments.every((segment) => (segment.kind === 'field' ? segment.format.kind === 'string' : !segment.text.includes('${')));
}

/** `SEASON#{season}` → `SEASON#${season}`. */
function oneTableValueTemplate(template: KeyTemplate): string {
  return template.segments.map((segment) => (segment.kind === 'field' ? '${' + segment.name + '}' : segment.text)).join('');
}

/**
 * The OneTable schema of `table` for `entities` (each a model).
 *
 * @example
 * oneTableSchemaOf(leaderboardTable, leaderboardTable.entities)
 * // { ok: true, schema: { format: 'onetable:1.1.0', indexes: { primary: { hash: 'leaderboardId', sort: 'rankKey' }, … }, models: { Run: { rankKey: { type: 'string', value: true }, … } } }, builders: [{ model: 'Run', attribute: 'rankKey', … }] }
 */
export function oneTableSchemaOf(table: TableDesign, entities: readonly EntityDesign[]): OneTableSchemaResult {
  const notes: string[] = [];
  const binary = keyAttributesOf(table).find((attribute) => attribute.type === 'B');
  if (binary)
    return {
      ok: false,
      message: `Table ${table.name} keys attribute ${binary.name} as binary (B): OneTable writes value templates as strings, so it cannot build that key.`,
    };
  if (table.indexes.some((index) => index.name === 'primary')) {
    return { ok: false, message: `Table ${table.name} has an index named "primary", the name OneTable keeps for the table's own key: rename the index first.` };
  }
  const indexes: [string, OneTableIndex][] = [['primary', { hash: table.partitionKey.name, ...(table.sortKey ? { sort: table.sortKey.name } : {}) }]];
  for (const index of table.indexes) {
    if (index.partitionKey.length !== 1 || index.sortKey.length > 1) {
      notes.push(
        `Index ${index.name} has a multi-attribute key, which OneTable's indexes cannot hold (one hash and one sort attribute): it is left out of the schema; query it with the SDK.`,
      );
      continue;
    }
    const project = index.projection.type === 'ALL' ? 'all' : index.projection.type === 'KEYS_ONLY' ? 'keys' : index.projection.attributes;
    indexes.push([
      index.name,
      {
        ...(index.kind === 'LSI' ? {} : { hash: index.partitionKey[0]!.name }),
        ...(index.sortKey[0] ? { sort: index.sortKey[0].name } : {}),
        ...(index.kind === 'LSI' ? { type: 'local' as const } : {}),
        project,
      },
    ]);
  }
  const keyTypes = new Map<string, KeyAttributeDesign>(keyAttributesOf(table).map((attribute) => [attribute.name, attribute]));
  const builders: OneTableKeyBuilder[] = [];
  const models: [string, Record<string, OneTableField>][] = [];
  for (const entity of entities) {
    const fields = new Map<string, OneTableField>();
    const templateFieldNames = new Set<string>();
    for (const [attribute, text] of Object.entries(entity.keys)) {
      const key = keyTypes.get(attribute);
      if (!key) continue;
      const parsed = parseKeyTemplate(text);
      if (!parsed.ok)
        return { ok: false, message: `Entity ${entity.name}: the template of ${attribute} (${text}) does not parse: ${parsed.findings[0]?.message ?? ''}` };
      const template = parsed.value;
      const names = templateFields(template).map((field) => field.name);
      names.forEach((name) => templateFieldNames.add(name));
      const type = key.type === 'N' ? 'number' : 'string';
      const only = template.segments.length === 1 ? template.segments[0] : undefined;
      if (only?.kind === 'field' && only.name === attribute && only.format.kind === 'string') {
        fields.set(attribute, { type }); // the attribute itself: {playerId} for playerId
      } else if (isPlainTemplate(template)) {
        fields.set(attribute, { type, value: oneTableValueTemplate(template) });
      } else {
        fields.set(attribute, { type, value: true });
        builders.push({ model: entity.name, attribute, template, templateText: text, role: keyRoleOf(table, attribute), fields: names });
      }
    }
    const attributeTypes = new Map(entity.attributes.map((attribute) => [attribute.name, attribute.type]));
    // Template fields are model fields too, so Model.create takes them (OneTable stores them as attributes).
    for (const name of templateFieldNames) {
      if (fields.has(name)) continue;
      const type = attributeTypes.get(name);
      fields.set(name, { type: (type && ONETABLE_TYPE[type]) ?? 'string' });
    }
    for (const attribute of entity.attributes) {
      if (fields.has(attribute.name)) continue;
      const type = ONETABLE_TYPE[attribute.type];
      if (type === undefined) notes.push(`Entity ${entity.name}: attribute ${attribute.name} is NULL-typed, which OneTable has no field type for: left out.`);
      else fields.set(attribute.name, { type });
    }
    // fromEntries defines own properties: a field named __proto__ stays a field.
    models.push([entity.name, Object.fromEntries(fields)]);
  }
  return {
    ok: true,
    schema: {
      format: 'onetable:1.1.0',
      version: '0.0.1',
      indexes: Object.fromEntries(indexes),
      models: Object.fromEntries(models),
      params: { isoDates: true, timestamps: false },
    },
    builders,
    notes,
  };
}

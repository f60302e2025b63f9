import { printKeyTemplate, type FieldFormat, type TemplateSegment } from '../../keys';
import { compileTemplateText } from '../designKeys';
import type { AttributeDesign, AttributeTypeName, EntityDesign, IndexDesign, KeyAttributeDesign, ProjectionDesign, TableDesign } from '../design.types';
import { DEFAULT_EXPECTATIONS, type ImportReportEntry, type ImportResult } from './importResult';
import { parseJsonText } from './jsonText';
import { ShapeReader, describe } from './shapeReader';
import { ownValue, setOwnValue } from '../../dynamo';

/** OneTable field types (JSON schemas write them as lower-case names) and what DynamoDB stores for them. */
const ONETABLE_TYPES: Readonly<Record<string, AttributeTypeName>> = {
  string: 'S',
  number: 'N',
  boolean: 'BOOL',
  date: 'S',
  object: 'M',
  array: 'L',
  binary: 'B',
  buffer: 'B',
  arraybuffer: 'B',
  set: 'SS',
};

interface OneTableIndex {
  readonly name: string;
  readonly hash?: string;
  readonly sort?: string;
  readonly local: boolean;
  readonly projection: ProjectionDesign;
}

interface OneTableField {
  readonly attribute: string;
  readonly type: AttributeTypeName;
  readonly isDate: boolean;
  /** `value: true`: computed by the Table's value function, so the schema holds no template. */
  readonly computed: boolean;
  readonly value?: string;
}

/**
 * Imports a OneTable schema (`format: "onetable:1.1.0"`): its indexes
 * become the table's keys and indexes, each model an entity whose value
 * templates (`${field}`, `${field:size:pad}`) become key templates. OneTable
 * schemas hold no items, so the entities have no samples.
 *
 * @example
 * importOneTableSchema('{"format":"onetable:1.1.0","version":"0.0.1","indexes":{"primary":{"hash":"pk","sort":"sk"}},"models":{…}}')
 */
export function importOneTableSchema(text: string, options: { readonly fileName?: string } = {}): ImportResult {
  const parsed = parseJsonText(text, options.fileName);
  return parsed.ok ? importOneTableValue(parsed.value, options) : parsed;
}

export function importOneTableValue(value: unknown, options: { readonly fileName?: string } = {}): ImportResult {
  const reader = new ShapeReader();
  const root = reader.object(value, '', 'a OneTable schema (an object with format, indexes and models)');
  if (!root) return { ok: false, errors: reader.errors };
  if (typeof root.format !== 'string' || !/^onetable:1\./.test(root.format))
    reader.warn('format', `${describe(root.format)} is not onetable:1.x; read as onetable:1.1.0.`);
  const indexes = readIndexes(root.indexes, reader);
  const models = reader.object(root.models, 'models', 'an object of models ({"Account": {…}})') ?? {};
  const primary = indexes.find((index) => index.name === 'primary');
  if (indexes.length > 0 && (!primary || !primary.hash))
    reader.error('indexes.primary', 'the schema needs a primary index with a hash attribute ({"primary": {"hash": "pk", "sort": "sk"}}).');
  const modelFields = Object.entries(models).map(([name, raw]) => ({ name, fields: readModel(raw, `models.${name}`, reader) }));
  if (reader.errors.length > 0 || !primary?.hash) return { ok: false, errors: reader.errors };

  const typeOf = (attribute: string): KeyAttributeDesign['type'] => {
    for (const model of modelFields) {
      const field = model.fields.find((entry) => entry.attribute === attribute);
      if (field && (field.type === 'N' || field.type === 'B')) return field.type;
    }
    return 'S';
  };
  const key = (attribute: string): KeyAttributeDesign => ({ name: attribute, type: typeOf(attribute) });
  const report: ImportReportEntry[] = [];
  const tableName = options.fileName?.replace(/\.[^.]*$/, '') || 'OneTable';
  const table: TableDesign = {
    name: tableName,
    description: 'Imported from a OneTable schema.',
    partitionKey: key(primary.hash),
    ...(primary.sort ? { sortKey: key(primary.sort) } : {}),
    indexes: indexes
      .filter((index) => index !== primary)
      .flatMap((index): IndexDesign[] => {
        const partition = index.local ? primary.hash : index.hash;
        if (!partition || (index.local && !index.sort)) {
          reader.warn(
            `indexes.${index.name}`,
            index.local ? 'a local index needs a sort attribute; skipped.' : 'a global index needs a hash attribute; skipped.',
          );
          return [];
        }
        return [
          {
            name: index.name,
            kind: index.local ? 'LSI' : 'GSI',
            partitionKey: [key(partition)],
            sortKey: index.sort ? [key(index.sort)] : [],
            projection: index.projection,
          },
        ];
      }),
    billingMode: 'PAY_PER_REQUEST',
    entities: [],
    accessPatterns: [],
  };
  const keyNames = new Set([
    table.partitionKey.name,
    table.sortKey?.name,
    ...table.indexes.flatMap((index) => [...index.partitionKey, ...index.sortKey].map((attribute) => attribute.name)),
  ]);
  const entities = modelFields.map((model) => entityOf(model.name, model.fields, keyNames, table, reader, report));
  if (reader.errors.length > 0) return { ok: false, errors: reader.errors };
  return {
    ok: true,
    design: { name: tableName, description: 'Imported from a OneTable schema.', tables: [{ ...table, entities }] },
    report: [
      {
        scope: 'table',
        table: tableName,
        summary: `OneTable schema: table ${tableName} with ${table.indexes.length} index${table.indexes.length === 1 ? '' : 'es'} and ${entities.length} model${entities.length === 1 ? '' : 's'}.`,
        notes: reader.warnings.map((warning) => warning.message),
      },
      ...report,
    ],
    warnings: reader.warnings,
  };
}

function readIndexes(raw: unknown, reader: ShapeReader): OneTableIndex[] {
  const object = reader.object(raw, 'indexes', 'an object of indexes ({"primary": {"hash": "pk", "sort": "sk"}})') ?? {};
  return Object.entries(object).flatMap(([name, value]) => {
    const path = `indexes.${name}`;
    const index = reader.object(value, path, 'an index ({"hash": "…", "sort": "…"})');
    if (!index) return [];
    const hash = reader.optional(index.hash, (entry) => reader.string(entry, `${path}.hash`, 'an attribute name'));
    const sort = reader.optional(index.sort, (entry) => reader.string(entry, `${path}.sort`, 'an attribute name'));
    const project = index.project;
    let projection: ProjectionDesign = { type: 'ALL', attributes: [] };
    if (project === 'keys') projection = { type: 'KEYS_ONLY', attributes: [] };
    else if (Array.isArray(project) && project.every((entry) => typeof entry === 'string')) projection = { type: 'INCLUDE', attributes: project as string[] };
    else if (project !== undefined && project !== 'all')
      reader.warn(`${path}.project`, `${describe(project)} is not "all", "keys" or a list of attribute names; ALL is used.`);
    return [{ name, ...(hash === undefined ? {} : { hash }), ...(sort === undefined ? {} : { sort }), local: index.type === 'local', projection }];
  });
}

function readModel(raw: unknown, path: string, reader: ShapeReader): OneTableField[] {
  const model = reader.object(raw, path, 'a model (an object of fields)') ?? {};
  return Object.entries(model).flatMap(([name, value]) => {
    const field = reader.object(value, `${path}.${name}`, 'a field ({"type": "string"})');
    if (!field) return [];
    const typeName = typeof field.type === 'string' ? field.type.toLowerCase() : 'string';
    const type = ONETABLE_TYPES[typeName];
    if (type === undefined) reader.warn(`${path}.${name}.type`, `${describe(field.type)} is not a OneTable type Keylab knows; read as string.`);
    const attribute = typeof field.map === 'string' && !field.map.includes('.') ? field.map : name;
    // value: true is computed by the Table's value function (code the schema does not hold), as Keylab's own OneTable export writes padded keys.
    const computed = field.value === true;
    const template = computed
      ? undefined
      : reader.optional(field.value, (entry) =>
          typeof entry === 'string' ? entry : reader.error(`${path}.${name}.value`, `${describe(entry)} is not a value template ("USER#\${id}") or true.`),
        );
    return [{ attribute, type: type ?? 'S', isDate: typeName === 'date', computed, ...(template !== undefined ? { value: template } : {}) }];
  });
}

function entityOf(
  name: string,
  fields: readonly OneTableField[],
  keyNames: ReadonlySet<string | undefined>,
  table: TableDesign,
  reader: ShapeReader,
  report: ImportReportEntry[],
): EntityDesign {
  const byAttribute = new Map(fields.map((field) => [field.attribute, field]));
  const keys: Record<string, string> = {};
  for (const attribute of keyNames) {
    if (attribute === undefined) continue;
    const field = byAttribute.get(attribute);
    if (!field) continue;
    const path = `models.${name}.${attribute}`;
    if (field.computed) {
      reader.warn(
        `${path}.value`,
        `${attribute} is computed by the Table's value function (value: true), which the schema does not hold: its template is left out; give the entity its template in the Design tab.`,
      );
      continue;
    }
    const converted =
      field.value === undefined
        ? { template: `{${fieldName(attribute)}}`, notes: ['no value template: the attribute holds one field of its own.'] }
        : convertTemplate(field.value, byAttribute, path, reader);
    if (converted === undefined) continue;
    setOwnValue(keys, attribute, converted.template);
    report.push({
      scope: 'key',
      table: table.name,
      entity: name,
      attribute,
      summary: `${attribute}: ${converted.template}${field.value !== undefined ? ` (from "${field.value}")` : ''}`,
      notes: converted.notes,
    });
  }
  if (ownValue(keys, table.partitionKey.name) === undefined)
    reader.error(`models.${name}`, `the model has no ${table.partitionKey.name} (the primary index's hash attribute): give it a field with a value template.`);
  const attributes: AttributeDesign[] = fields.filter((field) => !keyNames.has(field.attribute)).map((field) => ({ name: field.attribute, type: field.type }));
  report.push({
    scope: 'entity',
    table: table.name,
    entity: name,
    summary: `Entity ${name} (OneTable model): ${Object.keys(keys).length} key template(s), ${attributes.length} other attribute(s), no samples.`,
    notes: [],
  });
  return { name, description: `From OneTable model ${name}.`, keys, attributes, samples: [], expectations: DEFAULT_EXPECTATIONS };
}

/**
 * `USER#${id}` → `USER#{id}`; `${n:10:0}` (padded to 10 with 0) → `{n:int(10)}`
 * for a number field; a date field → `{at:iso(ms)}` (OneTable writes ISO
 * dates with milliseconds). Padding a string field has no template form: it
 * becomes a plain string field with a note.
 */
function convertTemplate(
  value: string,
  fields: ReadonlyMap<string, OneTableField>,
  path: string,
  reader: ShapeReader,
): { template: string; notes: string[] } | undefined {
  const segments: TemplateSegment[] = [];
  const notes: string[] = [];
  const placeholder = /\$\{([^}:]+)(?::(\d+)(?::([^}]*))?)?\}/g;
  let last = 0;
  for (const match of value.matchAll(placeholder)) {
    if (match.index > last) segments.push({ kind: 'literal', text: value.slice(last, match.index) });
    last = match.index + match[0].length;
    const [, rawName = '', size, pad] = match;
    const name = fieldName(rawName);
    if (name !== rawName) notes.push(`\${${rawName}} became {${name}}: template fields are letters, digits and _.`);
    const field = fields.get(rawName);
    let format: FieldFormat = { kind: 'string' };
    if (size !== undefined) {
      if (field?.type === 'N' && (pad === undefined || pad === '0')) format = { kind: 'int', width: Number(size), descending: false };
      else
        notes.push(
          `\${${rawName}:${size}${pad !== undefined ? `:${pad}` : ''}} pads a ${field?.type === 'N' ? 'number with "' + pad + '"' : 'string'}, which a template cannot: {${name}} is a plain string field.`,
        );
    } else if (field?.isDate) {
      format = { kind: 'iso', precision: 'ms' };
      notes.push(`{${name}} is a date: OneTable writes ISO-8601 with milliseconds, so iso(ms).`);
    }
    segments.push({ kind: 'field', name, format });
  }
  if (last < value.length) segments.push({ kind: 'literal', text: value.slice(last) });
  const template = printKeyTemplate({ segments });
  const compiled = compileTemplateText(template);
  if (!compiled.ok) {
    reader.error(`${path}.value`, `"${value}" becomes the template ${template}, which Keylab cannot use: ${compiled.findings[0]?.message ?? ''}`);
    return undefined;
  }
  return { template, notes };
}

function fieldName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

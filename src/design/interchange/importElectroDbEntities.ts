import type { AttributeDesign, EntityDesign, IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { ElectroDbEntityReader, type ReadEntity } from './electroDbEntityReader';
import { electroDbKeyTemplate, type ElectroDbKey } from './electroDbKeys';
import { problem } from './electroDbReadContext';
import { findElectroDbEntities, type FoundEntity } from './findElectroDbEntities';
import { DEFAULT_EXPECTATIONS, type ImportReportEntry, type ImportResult } from './importResult';
import { ModuleReadError } from './moduleLiterals';

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

/** Reads the entities (ElectroDbEntityReader), then builds the design's tables from them. */
class ImportContext extends ElectroDbEntityReader {
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

import {
  compileTemplateText,
  findEntity,
  keyAttributesOf,
  keyRoleOf,
  type Design,
  type EntityDesign,
  type KeyAttributeDesign,
  type TableDesign,
  keyTemplateOf,
} from '../design';
import type { CompiledKeyAttribute, CompiledMigration, MigrationKeyAttribute, MigrationSpec } from './migration.types';

/** A problem with the migration's inputs, naming where and how to fix it. */
export interface SpecProblem {
  readonly where: string;
  readonly message: string;
}

export type SpecResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly SpecProblem[] };

/**
 * Compiles a spec's templates once (the per-item work is then only the
 * codecs). Every template problem is reported with its attribute.
 */
export function compileMigration(spec: MigrationSpec): SpecResult<CompiledMigration> {
  const problems: SpecProblem[] = [];
  const attributes: CompiledKeyAttribute[] = [];
  const currentFields = new Set<string>();
  const targetFields = new Set<string>();
  for (const attribute of spec.attributes) {
    const compiled: { -readonly [K in 'currentTemplate' | 'targetTemplate']?: NonNullable<CompiledKeyAttribute[K]> } = {};
    for (const side of ['current', 'target'] as const) {
      const text = attribute[side];
      if (text === undefined) continue;
      const result = compileTemplateText(text, attribute.role);
      if (!result.ok) {
        for (const finding of result.findings) problems.push({ where: `${side} template for ${attribute.name}`, message: `"${text}": ${finding.message}` });
        continue;
      }
      if (side === 'current') compiled.currentTemplate = result.value;
      else compiled.targetTemplate = result.value;
      for (const field of result.value.fields) (side === 'current' ? currentFields : targetFields).add(field.name);
    }
    attributes.push({ ...attribute, ...compiled });
  }
  const tableKeys = [spec.partitionKey, ...(spec.sortKey ? [spec.sortKey] : [])];
  for (const name of tableKeys) {
    const attribute = spec.attributes.find((candidate) => candidate.name === name);
    if (!attribute?.current || !attribute.target) {
      problems.push({
        where: `templates for ${name}`,
        message: `${name} keys the table, so it needs both a current and a target template (the same text when it does not change).`,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const fallbackFields = [...targetFields].filter((field) => !currentFields.has(field));
  return { ok: true, value: { spec, attributes, fallbackFields } };
}

export interface DesignMigrationOptions {
  /** The table of the designs to migrate (default: the only table, or the one named like `tableName`). */
  readonly designTable?: string;
  /** The entity (default: the only one of the table). */
  readonly entity?: string;
  /** The stored table's name (default: the design table's name). */
  readonly tableName?: string;
  readonly targetTableName?: string;
}

/**
 * The spec of migrating one entity from one design version to another: the
 * table's key attributes and every index key attribute the entity has in
 * either version, with the entity's template text from each.
 *
 * @example
 * specFromDesigns(int8Design, int10Design, { entity: "Run" })
 * // { ok: true, value: { tableName: "Leaderboard", partitionKey: "leaderboardId", sortKey: "rankKey", attributes: [...] } }
 */
export function specFromDesigns(from: Design, to: Design, options: DesignMigrationOptions = {}): SpecResult<MigrationSpec> {
  const fromTable = pickTable(from, 'from', options.designTable ?? options.tableName);
  const toTable = pickTable(to, 'to', options.designTable ?? options.tableName ?? (fromTable.ok ? fromTable.value.name : undefined));
  if (!fromTable.ok || !toTable.ok) return { ok: false, problems: [...(fromTable.ok ? [] : fromTable.problems), ...(toTable.ok ? [] : toTable.problems)] };
  const fromEntity = pickEntity(fromTable.value, 'from', options.entity);
  const toEntity = pickEntity(toTable.value, 'to', options.entity ?? (fromEntity.ok ? fromEntity.value.name : undefined));
  if (!fromEntity.ok || !toEntity.ok)
    return { ok: false, problems: [...(fromEntity.ok ? [] : fromEntity.problems), ...(toEntity.ok ? [] : toEntity.problems)] };
  const a = fromTable.value;
  const b = toTable.value;
  const problems: SpecProblem[] = [];
  const sameKey = (x: KeyAttributeDesign | undefined, y: KeyAttributeDesign | undefined) => x?.name === y?.name && x?.type === y?.type;
  if (!options.targetTableName && (!sameKey(a.partitionKey, b.partitionKey) || !sameKey(a.sortKey, b.sortKey))) {
    problems.push({
      where: `table ${b.name}`,
      message: `the two designs key the table differently (${describeKey(a)} → ${describeKey(b)}): a table's key schema can't change in place; copy into a new table instead.`,
    });
  }
  const attributes = new Map<string, MigrationKeyAttribute>();
  const add = (table: TableDesign, entity: EntityDesign, side: 'current' | 'target') => {
    for (const attribute of keyAttributesOf(table)) {
      const text = keyTemplateOf(entity, attribute.name);
      if (text === undefined) continue;
      const known = attributes.get(attribute.name);
      if (known && known.type !== attribute.type) {
        problems.push({
          where: `key attribute ${attribute.name}`,
          message: `is ${known.type} in the current design and ${attribute.type} in the target: a key attribute keeps its type.`,
        });
        continue;
      }
      attributes.set(attribute.name, { ...(known ?? { name: attribute.name, type: attribute.type, role: keyRoleOf(table, attribute.name) }), [side]: text });
    }
  };
  add(a, fromEntity.value, 'current');
  add(b, toEntity.value, 'target');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      tableName: options.tableName ?? a.name,
      ...(options.targetTableName ? { targetTableName: options.targetTableName } : {}),
      partitionKey: b.partitionKey.name,
      ...(b.sortKey ? { sortKey: b.sortKey.name } : {}),
      attributes: [...attributes.values()],
    },
  };
}

function describeKey(table: TableDesign): string {
  return table.sortKey
    ? `${table.partitionKey.name} (${table.partitionKey.type}) + ${table.sortKey.name} (${table.sortKey.type})`
    : `${table.partitionKey.name} (${table.partitionKey.type})`;
}

function pickTable(design: Design, side: string, name: string | undefined): SpecResult<TableDesign> {
  const named = name === undefined ? undefined : design.tables.find((table) => table.name === name);
  if (named) return { ok: true, value: named };
  if (design.tables.length === 1 && design.tables[0]) return { ok: true, value: design.tables[0] };
  const list = design.tables.map((table) => table.name).join(', ') || 'none';
  return {
    ok: false,
    problems: [
      {
        where: `--${side} design "${design.name}"`,
        message: name === undefined ? `has several tables (${list}): say which one with --design-table.` : `has no table "${name}" (its tables: ${list}).`,
      },
    ],
  };
}

function pickEntity(table: TableDesign, side: string, name: string | undefined): SpecResult<EntityDesign> {
  const named = name === undefined ? undefined : findEntity(table, name);
  if (named) return { ok: true, value: named };
  if (name === undefined && table.entities.length === 1 && table.entities[0]) return { ok: true, value: table.entities[0] };
  const list = table.entities.map((entity) => entity.name).join(', ') || 'none';
  return {
    ok: false,
    problems: [
      {
        where: `--${side} table ${table.name}`,
        message: name === undefined ? `has several entities (${list}): say which one with --entity.` : `has no entity "${name}" (its entities: ${list}).`,
      },
    ],
  };
}

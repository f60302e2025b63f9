import { keyAttributesOf, keyRoleOf, type KeyAttributeType, type TableDesign } from '../../design';
import type { KeyRole } from '../../keys';
import type { TableSummary } from '../explorer/explorerTypes';

/** Where an attribute keys: the table (no index) or the named index, as its partition or sort key. */
export interface MigrateKeyUse {
  readonly index?: string;
  readonly role: KeyRole;
}

/** One key attribute the migration rewrites: the table's keys and the entity's index keys. */
export interface MigrateAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
  /** How the attribute's templates are compiled (partition when it is any partition key). */
  readonly role: KeyRole;
  /** Every key it is part of, table first (an attribute may key several indexes). */
  readonly uses: readonly MigrateKeyUse[];
}

/** What the attribute keys, for its row: "byAction partition key (action, S)", "table sort key, byPlayer sort key (ts, N)". */
export function describeMigrateAttribute(attribute: MigrateAttribute): string {
  const uses = attribute.uses.map((use) => `${use.index ?? 'table'} ${use.role} key`).join(', ');
  return `${uses || `${attribute.role} key`} (${attribute.name}, ${attribute.type})`;
}

/** A design table's key attributes the entity has a template for, with where each keys. */
export function designMigrateAttributes(table: TableDesign, hasTemplate: (name: string) => boolean): MigrateAttribute[] {
  return keyAttributesOf(table)
    .filter((attribute) => hasTemplate(attribute.name))
    .map((attribute) => {
      const uses: MigrateKeyUse[] = [];
      if (table.partitionKey.name === attribute.name) uses.push({ role: 'partition' });
      if (table.sortKey?.name === attribute.name) uses.push({ role: 'sort' });
      for (const index of table.indexes) {
        if (index.partitionKey.some((key) => key.name === attribute.name)) uses.push({ index: index.name, role: 'partition' });
        if (index.sortKey.some((key) => key.name === attribute.name)) uses.push({ index: index.name, role: 'sort' });
      }
      return { name: attribute.name, type: attribute.type, role: keyRoleOf(table, attribute.name), uses };
    });
}

/** No design: every key attribute of the stored table and its indexes, each once (table keys first). */
export function tableMigrateAttributes(table: TableSummary): MigrateAttribute[] {
  const seen = new Map<string, { name: string; type: KeyAttributeType; role: KeyRole; uses: MigrateKeyUse[] }>();
  const add = (key: { name: string; type: KeyAttributeType }, use: MigrateKeyUse) => {
    const known = seen.get(key.name);
    if (known) known.uses.push(use);
    else seen.set(key.name, { name: key.name, type: key.type, role: use.role, uses: [use] });
  };
  add(table.keys.partitionKey, { role: 'partition' });
  if (table.keys.sortKey) add(table.keys.sortKey, { role: 'sort' });
  for (const index of table.indexes) {
    add(index.keys.partitionKey, { index: index.name, role: 'partition' });
    if (index.keys.sortKey) add(index.keys.sortKey, { index: index.name, role: 'sort' });
  }
  return [...seen.values()];
}

import type { IndexDesign, KeyAttributeDesign } from '../design.types';
import { changeTable, renameKeys, validateName, type DesignChange } from './tableEdits';

/** DynamoDB's limits on a GSI's multi-attribute key: four partition and four sort attributes. */
export const MAX_GSI_KEY_ATTRIBUTES = 4;

/**
 * Why an index can't be saved as it is, or undefined: a name not taken,
 * 1–4 partition and 0–4 sort attributes for a GSI, an LSI on the table's
 * partition key with exactly one sort attribute, attribute names given and
 * not repeated.
 */
export function validateIndex(
  index: IndexDesign,
  table: { readonly partitionKey: KeyAttributeDesign; readonly indexes: readonly IndexDesign[] },
  previousName?: string,
): string | undefined {
  const nameProblem = validateName(
    index.name,
    table.indexes.map((other) => other.name).filter((name) => name !== previousName),
    'An index',
  );
  if (nameProblem) return nameProblem;
  const all = [...index.partitionKey, ...index.sortKey];
  if (all.some((attribute) => attribute.name.trim() === '')) return `Every key attribute of ${index.name} needs a name.`;
  const names = all.map((attribute) => attribute.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) return `${index.name} uses ${repeated} twice: each key attribute appears once.`;
  if (index.kind === 'LSI') {
    if (index.sortKey.length !== 1) return `An LSI has exactly one sort key attribute; ${index.name} has ${index.sortKey.length}.`;
    if (index.partitionKey.length !== 1 || index.partitionKey[0]?.name !== table.partitionKey.name)
      return `An LSI shares the table's partition key, ${table.partitionKey.name}.`;
    return undefined;
  }
  if (index.partitionKey.length < 1 || index.partitionKey.length > MAX_GSI_KEY_ATTRIBUTES)
    return `A GSI's partition key has 1 to ${MAX_GSI_KEY_ATTRIBUTES} attributes; ${index.name} has ${index.partitionKey.length}.`;
  if (index.sortKey.length > MAX_GSI_KEY_ATTRIBUTES)
    return `A GSI's sort key has at most ${MAX_GSI_KEY_ATTRIBUTES} attributes; ${index.name} has ${index.sortKey.length}.`;
  return undefined;
}

/** Adds a GSI (`GSI<n>` keyed GSI<n>PK / GSI<n>SK) or an LSI (`LSI<n>` on the table's partition key, sorted by LSI<n>SK). */
export function addIndex(tableName: string, kind: 'GSI' | 'LSI'): DesignChange {
  return changeTable(tableName, (table) => {
    const taken = table.indexes.map((index) => index.name);
    let n = 1;
    while (taken.includes(`${kind}${n}`)) n++;
    const name = `${kind}${n}`;
    const index: IndexDesign =
      kind === 'GSI'
        ? {
            name,
            kind,
            partitionKey: [{ name: `${name}PK`, type: 'S' }],
            sortKey: [{ name: `${name}SK`, type: 'S' }],
            projection: { type: 'ALL', attributes: [] },
          }
        : { name, kind, partitionKey: [table.partitionKey], sortKey: [{ name: `${name}SK`, type: 'S' }], projection: { type: 'ALL', attributes: [] } };
    return { ...table, indexes: [...table.indexes, index] };
  });
}

/**
 * Replaces the index called `indexName` with `index` (which may rename it);
 * refused (no change) when `index` is invalid (see validateIndex). Entities'
 * templates follow a renamed key attribute when no other key still uses the old name.
 */
export function updateIndex(tableName: string, indexName: string, index: IndexDesign): DesignChange {
  return changeTable(tableName, (table) => {
    const current = table.indexes.find((entry) => entry.name === indexName);
    if (!current || validateIndex(index, table, indexName)) return table;
    const renames = new Map<string, string>();
    const pair = (before: readonly KeyAttributeDesign[], after: readonly KeyAttributeDesign[]) =>
      before.forEach((attribute, i) => {
        const next = after[i];
        if (next && next.name !== attribute.name) renames.set(attribute.name, next.name);
      });
    pair(current.partitionKey, index.partitionKey);
    pair(current.sortKey, index.sortKey);
    const stillUsed = new Set([
      table.partitionKey.name,
      table.sortKey?.name,
      ...table.indexes.filter((entry) => entry !== current).flatMap((entry) => [...entry.partitionKey, ...entry.sortKey].map((a) => a.name)),
    ]);
    for (const old of [...renames.keys()]) if (stillUsed.has(old)) renames.delete(old);
    return {
      ...table,
      indexes: table.indexes.map((entry) => (entry === current ? index : entry)),
      entities: renames.size === 0 ? table.entities : table.entities.map((entity) => ({ ...entity, keys: renameKeys(entity.keys, renames) })),
      accessPatterns: table.accessPatterns.map((pattern) =>
        pattern.index === indexName && index.name !== indexName ? { ...pattern, index: index.name } : pattern,
      ),
    };
  });
}

/** Removes an index (the UI asks first); access patterns on it go back to the table. */
export function removeIndex(tableName: string, indexName: string): DesignChange {
  return changeTable(tableName, (table) => {
    if (!table.indexes.some((index) => index.name === indexName)) return table;
    return {
      ...table,
      indexes: table.indexes.filter((index) => index.name !== indexName),
      accessPatterns: table.accessPatterns.map((pattern) => {
        if (pattern.index !== indexName) return pattern;
        const { index: _index, ...rest } = pattern;
        return rest;
      }),
    };
  });
}

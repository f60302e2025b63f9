import type { EntityDesign, TableDesign } from '../design.types';
import { isEntityInIndex } from '../designKeys';
import { makeChange } from './change';
import type { StructuralChange, MigrateKeysPreparation } from './diff.types';
import { itemMoves } from './itemMoves';
import { HOW } from './verdicts';

/** Per entity of a table both designs have: added or removed, key templates (with the items that move), attributes and sample counts. */
export function diffEntities(designName: string, before: TableDesign, after: TableDesign): StructuralChange[] {
  const table = after.name;
  const changes: StructuralChange[] = [];
  for (const entity of after.entities) {
    const old = before.entities.find((candidate) => candidate.name === entity.name);
    if (!old) {
      changes.push(makeChange({ table, area: 'entity', action: 'added', subject: `entity ${entity.name}`, after: templatesText(entity, Object.keys(entity.keys)), verdict: 'designOnly', how: HOW.entity }));
      continue;
    }
    changes.push(...diffTemplates(designName, before, after, old, entity));
    changes.push(...diffAttributes(table, old, entity));
    if (old.samples.length !== entity.samples.length) {
      changes.push(makeChange({ table, area: 'samples', action: 'changed', subject: `entity ${entity.name} samples`, before: countText(old.samples.length), after: countText(entity.samples.length), verdict: 'designOnly', how: HOW.samples }));
    }
  }
  for (const old of before.entities) {
    if (after.entities.some((candidate) => candidate.name === old.name)) continue;
    changes.push(makeChange({ table, area: 'entity', action: 'removed', subject: `entity ${old.name}`, before: templatesText(old, Object.keys(old.keys)), verdict: 'designOnly', how: HOW.entity }));
  }
  return changes;
}

const countText = (count: number) => (count === 1 ? '1 sample' : `${count} samples`);

/** `rankKey: {score:int(10)}#{playerId}` per attribute, one per line (`(none)` where the entity has no template). */
function templatesText(entity: EntityDesign, attributes: readonly string[]): string {
  return attributes.map((attribute) => `${attribute}: ${entity.keys[attribute] ?? '(none)'}`).join('\n');
}

function tableKeyNames(table: TableDesign): string[] {
  return [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];
}

/**
 * The entity's template changes: one change for the table's key (the stored
 * items move: Migrate keys, prepared), one per index whose own key
 * attributes' templates changed (items re-index in place).
 */
function diffTemplates(designName: string, beforeTable: TableDesign, afterTable: TableDesign, before: EntityDesign, after: EntityDesign): StructuralChange[] {
  const table = afterTable.name;
  const attributes = [...new Set([...Object.keys(before.keys), ...Object.keys(after.keys)])];
  const changed = attributes.filter((attribute) => before.keys[attribute] !== after.keys[attribute]);
  if (changed.length === 0) return [];
  const changes: StructuralChange[] = [];
  const tableKeys = new Set([...tableKeyNames(beforeTable), ...tableKeyNames(afterTable)]);
  const tableChanged = changed.filter((attribute) => tableKeys.has(attribute));
  if (tableChanged.length > 0) {
    const migrate: MigrateKeysPreparation = {
      designName,
      table,
      entity: after.name,
      templates: Object.fromEntries(attributes.map((attribute) => [attribute, { current: before.keys[attribute] ?? '', target: after.keys[attribute] ?? '' }])),
    };
    changes.push(
      makeChange({
        table,
        area: 'template',
        action: 'changed',
        subject: `entity ${after.name}: table key ${tableChanged.join(', ')}`,
        before: templatesText(before, tableChanged),
        after: templatesText(after, tableChanged),
        verdict: 'rewriteKeys',
        how: HOW.tableKeyTemplate,
        // The table's items, then every index keyed by a changed table key (an LSI's partition key, an inverted GSI): rewriting an item re-indexes it there.
        moves: [
          itemMoves(beforeTable, afterTable, after.name, undefined),
          ...afterTable.indexes
            .filter((index) => [...index.partitionKey, ...index.sortKey].some((attribute) => tableChanged.includes(attribute.name)) && isEntityInIndex(afterTable, after, index.name))
            .map((index) => itemMoves(beforeTable, afterTable, after.name, index.name)),
        ],
        migrate,
      }),
    );
  }
  const indexNames = [...new Set([...afterTable.indexes, ...beforeTable.indexes].map((index) => index.name))];
  for (const indexName of indexNames) {
    const index = afterTable.indexes.find((candidate) => candidate.name === indexName) ?? beforeTable.indexes.find((candidate) => candidate.name === indexName);
    if (!index) continue;
    const own = [...index.partitionKey, ...index.sortKey].map((attribute) => attribute.name).filter((name) => changed.includes(name) && !tableKeys.has(name));
    if (own.length === 0) continue;
    if (!afterTable.indexes.some((candidate) => candidate.name === indexName)) {
      // The index is deleted (its own change says so): its attributes are no longer keys.
      changes.push(makeChange({ table, area: 'template', action: 'changed', subject: `entity ${after.name}: ${own.join(', ')} (key of deleted index ${indexName})`, before: templatesText(before, own), after: templatesText(after, own), verdict: 'designOnly', how: HOW.deletedIndexKey }));
      continue;
    }
    const added = own.every((attribute) => before.keys[attribute] === undefined);
    const removed = own.every((attribute) => after.keys[attribute] === undefined);
    changes.push(
      makeChange({
        table,
        area: 'template',
        action: added ? 'added' : removed ? 'removed' : 'changed',
        subject: `entity ${after.name}: index ${indexName} key ${own.join(', ')}`,
        before: templatesText(before, own),
        after: templatesText(after, own),
        verdict: 'reindexInPlace',
        how: added ? HOW.indexKeyTemplateAdded : removed ? HOW.indexKeyTemplateRemoved : HOW.indexKeyTemplate,
        moves: [itemMoves(beforeTable, afterTable, after.name, indexName)],
      }),
    );
  }
  return changes;
}

function diffAttributes(table: string, before: EntityDesign, after: EntityDesign): StructuralChange[] {
  const typeOf = (entity: EntityDesign, name: string) => entity.attributes.find((attribute) => attribute.name === name)?.type;
  const names = [...new Set([...before.attributes, ...after.attributes].map((attribute) => attribute.name))];
  const differing = names.filter((name) => typeOf(before, name) !== typeOf(after, name));
  if (differing.length === 0) return [];
  const text = (entity: EntityDesign) => differing.map((name) => `${name}: ${typeOf(entity, name) ?? '(none)'}`).join('\n');
  return [makeChange({ table, area: 'attributes', action: 'changed', subject: `entity ${after.name} attributes`, before: text(before), after: text(after), verdict: 'designOnly', how: HOW.attributes })];
}

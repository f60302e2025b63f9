import type { EntityDesign, IndexDesign, TableDesign } from '../design.types';
import { isEntityInIndex, keyTemplateOf } from '../designKeys';
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
      changes.push(
        makeChange({
          table,
          area: 'entity',
          action: 'added',
          subject: `entity ${entity.name}`,
          entity: entity.name,
          after: templatesText(entity, Object.keys(entity.keys)),
          verdict: 'designOnly',
          how: HOW.entity,
        }),
      );
      continue;
    }
    changes.push(...diffTemplates(designName, before, after, old, entity));
    changes.push(...diffAttributes(table, old, entity));
    if (old.samples.length !== entity.samples.length) {
      changes.push(
        makeChange({
          table,
          area: 'samples',
          action: 'changed',
          subject: `entity ${entity.name} samples`,
          entity: entity.name,
          before: countText(old.samples.length),
          after: countText(entity.samples.length),
          verdict: 'designOnly',
          how: HOW.samples,
        }),
      );
    }
  }
  for (const old of before.entities) {
    if (after.entities.some((candidate) => candidate.name === old.name)) continue;
    changes.push(
      makeChange({
        table,
        area: 'entity',
        action: 'removed',
        subject: `entity ${old.name}`,
        entity: old.name,
        before: templatesText(old, Object.keys(old.keys)),
        verdict: 'designOnly',
        how: HOW.entity,
      }),
    );
  }
  return changes;
}

const countText = (count: number) => (count === 1 ? '1 sample' : `${count} samples`);

/** `rankKey: {score:int(10)}#{playerId}` per attribute, one per line (`(none)` where the entity has no template). */
function templatesText(entity: EntityDesign, attributes: readonly string[]): string {
  return attributes.map((attribute) => `${attribute}: ${keyTemplateOf(entity, attribute) ?? '(none)'}`).join('\n');
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
  const changed = attributes.filter((attribute) => keyTemplateOf(before, attribute) !== keyTemplateOf(after, attribute));
  if (changed.length === 0) return [];
  const changes: StructuralChange[] = [];
  const tableKeys = new Set([...tableKeyNames(beforeTable), ...tableKeyNames(afterTable)]);
  const tableChanged = changed.filter((attribute) => tableKeys.has(attribute));
  if (tableChanged.length > 0) {
    const migrate: MigrateKeysPreparation = {
      designName,
      table,
      entity: after.name,
      templates: Object.fromEntries(
        attributes.map((attribute) => [attribute, { current: keyTemplateOf(before, attribute) ?? '', target: keyTemplateOf(after, attribute) ?? '' }]),
      ),
    };
    changes.push(
      makeChange({
        table,
        area: 'template',
        action: 'changed',
        subject: `entity ${after.name}: table key ${tableChanged.join(', ')}`,
        entity: after.name,
        before: templatesText(before, tableChanged),
        after: templatesText(after, tableChanged),
        verdict: 'rewriteKeys',
        how: HOW.tableKeyTemplate,
        // The table's items, then every index keyed by a changed table key (an LSI's partition key, an inverted GSI): rewriting an item re-indexes it there.
        moves: [
          itemMoves(beforeTable, afterTable, after.name, undefined),
          ...afterTable.indexes
            .filter(
              (index) =>
                [...index.partitionKey, ...index.sortKey].some((attribute) => tableChanged.includes(attribute.name)) &&
                isEntityInIndex(afterTable, after, index.name),
            )
            .map((index) => itemMoves(beforeTable, afterTable, after.name, index.name)),
        ],
        migrate,
      }),
    );
  }
  const keyNames = (index: IndexDesign | undefined) => (index ? [...index.partitionKey, ...index.sortKey].map((attribute) => attribute.name) : []);
  // A template that is the attribute itself (`{score}` for an item attribute `score`): stored items already hold that value.
  const carried = (attribute: string) =>
    keyTemplateOf(after, attribute) === `{${attribute}}` && before.attributes.some((candidate) => candidate.name === attribute);
  const indexNames = [...new Set([...afterTable.indexes, ...beforeTable.indexes].map((index) => index.name))];
  for (const indexName of indexNames) {
    const afterIndex = afterTable.indexes.find((candidate) => candidate.name === indexName);
    const afterKeys = keyNames(afterIndex);
    const own = [...new Set([...keyNames(beforeTable.indexes.find((candidate) => candidate.name === indexName)), ...afterKeys])].filter(
      (name) => changed.includes(name) && !tableKeys.has(name),
    );
    if (own.length === 0) continue;
    const texts = { before: templatesText(before, own), after: templatesText(after, own) };
    const keyed = own.filter((attribute) => afterKeys.includes(attribute));
    const rewritten = keyed.filter((attribute) => keyTemplateOf(after, attribute) === undefined || !carried(attribute));
    if (!afterIndex || rewritten.length === 0) {
      // Nothing to write: the index is deleted, the attributes are no longer its keys, or items already carry the new key's value.
      const how = !afterIndex ? HOW.deletedIndexKey : keyed.length === 0 ? HOW.noLongerIndexKey : HOW.carriedIndexKey;
      const subject = `entity ${after.name}: ${own.join(', ')} (${!afterIndex ? 'key of deleted index' : 'index'} ${indexName})`;
      changes.push(
        makeChange({
          table,
          area: 'template',
          action: 'changed',
          subject,
          entity: after.name,
          ...texts,
          verdict: 'designOnly',
          how,
          ...(afterIndex && keyed.length > 0 ? { moves: [itemMoves(beforeTable, afterTable, after.name, indexName)] } : {}),
        }),
      );
      continue;
    }
    const added = rewritten.every((attribute) => keyTemplateOf(before, attribute) === undefined);
    const removed = rewritten.every((attribute) => keyTemplateOf(after, attribute) === undefined);
    changes.push(
      makeChange({
        table,
        area: 'template',
        action: added ? 'added' : removed ? 'removed' : 'changed',
        subject: `entity ${after.name}: index ${indexName} key ${own.join(', ')}`,
        entity: after.name,
        ...texts,
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
  return [
    makeChange({
      table,
      area: 'attributes',
      action: 'changed',
      subject: `entity ${after.name} attributes`,
      entity: after.name,
      before: text(before),
      after: text(after),
      verdict: 'designOnly',
      how: HOW.attributes,
    }),
  ];
}

import { findEntity, keyTemplateOf } from '../../design';
import { ownValue, setOwnValue } from '../../dynamo';
import type { MigrationKeyAttribute, MigrationSpec } from '../../migrate';
import { resolveDesignBinding } from '../design/binding';
import type { TableSummary } from '../explorer/explorerTypes';
import { designMigrateAttributes, tableMigrateAttributes, type MigrateAttribute } from './migrateAttributes';
import { CLEARED_PLAN, IDLE, type MigrateSliceApi } from './migrateSlice';
import type { MigrateActions, MigrateState, TemplatePair } from './migrateStore.types';

/*
 * The templates slice: what the migration rewrites — the bound design's
 * entity (or raw `{attribute}` templates without one), each key attribute's
 * current and target template, the copy target, and a preparation from a
 * structural diff waiting for its table to be the explorer's.
 */

export type MigrateTemplatesSlice = Pick<MigrateState, 'entityNames' | 'attributes' | 'templates' | 'copyInto'> &
  Pick<MigrateActions, 'selectEntity' | 'prepare' | 'setTemplate' | 'setCopyInto'>;

/** The migration's spec for `table` from the templates typed so far (an attribute with neither template is left out). */
export function migrationSpecOf(
  { attributes, templates, copyInto }: Pick<MigrateState, 'attributes' | 'templates' | 'copyInto'>,
  table: TableSummary,
): MigrationSpec {
  const keyAttributes: MigrationKeyAttribute[] = attributes.flatMap((attribute) => {
    const pair = ownValue(templates, attribute.name);
    const current = pair?.current.trim() ?? '';
    const target = pair?.target.trim() ?? '';
    if (!current && !target) return [];
    return [{ name: attribute.name, type: attribute.type, role: attribute.role, ...(current ? { current } : {}), ...(target ? { target } : {}) }];
  });
  return {
    tableName: table.name,
    ...(copyInto.trim() ? { targetTableName: copyInto.trim() } : {}),
    partitionKey: table.keys.partitionKey.name,
    ...(table.keys.sortKey ? { sortKey: table.keys.sortKey.name } : {}),
    attributes: keyAttributes,
  };
}

/** The attributes and templates for the explorer's table and the chosen entity of its bound design (clears the plan). */
export function loadTemplates({ set, shared: { options } }: MigrateSliceApi, entityName?: string): void {
  const { table } = options.explorer.getState();
  if (!table) return set({ entityNames: [], entityName: undefined, designName: undefined, attributes: [], templates: {}, ...IDLE, ...CLEARED_PLAN });
  const binding = resolveDesignBinding(options.designs.getState().designs, options.designBindings.getState().choices[table.name], table);
  const entity = binding ? (findEntity(binding.table, entityName ?? '') ?? binding.table.entities[0]) : undefined;
  let attributes: MigrateAttribute[];
  const templates: Record<string, TemplatePair> = {};
  if (binding && entity) {
    attributes = designMigrateAttributes(binding.table, (name) => keyTemplateOf(entity, name) !== undefined);
    for (const attribute of attributes) {
      const template = keyTemplateOf(entity, attribute.name) ?? '';
      setOwnValue(templates, attribute.name, { current: template, target: template });
    }
  } else {
    // No design: the stored values read "raw", each as one field named like its attribute.
    attributes = tableMigrateAttributes(table);
    for (const attribute of attributes) setOwnValue(templates, attribute.name, { current: `{${attribute.name}}`, target: `{${attribute.name}}` });
  }
  set({
    entityNames: binding?.table.entities.map((candidate) => candidate.name) ?? [],
    entityName: entity?.name,
    designName: binding?.designName,
    attributes,
    templates,
    ...IDLE,
    ...CLEARED_PLAN,
  });
}

/** Fills the pending preparation in when the explorer shows its table; true when it did. */
export function applyPending(api: MigrateSliceApi): boolean {
  const { set, get, shared } = api;
  const { table } = shared.options.explorer.getState();
  const { pending } = shared;
  if (!pending || !table || table.name !== pending.table) return false;
  const preparation = pending;
  shared.pending = undefined;
  loadTemplates(api, preparation.entity);
  const templates = { ...get().templates };
  // Keys the design no longer has are read (their fields) and written back as they are.
  const read = (preparation.readFrom ?? []).filter((extra) => !get().attributes.some((attribute) => attribute.name === extra.name));
  const attributes = [...get().attributes, ...read.map(({ name, type, role }) => ({ name, type, role, uses: [] }))];
  for (const extra of read) setOwnValue(templates, extra.name, { current: extra.template, target: extra.template });
  for (const attribute of attributes) {
    const pair = ownValue(preparation.templates, attribute.name);
    if (pair) setOwnValue(templates, attribute.name, pair);
  }
  const purpose = preparation.purpose ?? `the structural diff of ${preparation.designName}`;
  set({
    attributes,
    templates,
    prepared: `Prepared from ${purpose}: entity ${preparation.entity} of table ${preparation.table}, with its current and target templates. Preview reads every stored item.`,
  });
  return true;
}

/** A preparation's table: chosen in the explorer once its list has it (once per preparation, never during Apply). */
export function followPending({ shared }: MigrateSliceApi): void {
  const { pending } = shared;
  const { table, tableNames, selectTable } = shared.options.explorer.getState();
  if (!pending || shared.abort || table?.name === pending.table || shared.choosing === pending || !tableNames.includes(pending.table)) return;
  shared.choosing = pending;
  void selectTable(pending.table);
}

/** The templates slice's state and actions. */
export function createTemplatesSlice(api: MigrateSliceApi): MigrateTemplatesSlice {
  const { set, get, shared } = api;
  return {
    entityNames: [],
    attributes: [],
    templates: {},
    copyInto: '',
    selectEntity: (name) => loadTemplates(api, name),
    prepare: (preparation) => {
      shared.pending = preparation;
      if (applyPending(api)) return;
      set({
        prepared: `Prepared for table ${preparation.table} (entity ${preparation.entity}): its templates are filled in once table ${preparation.table} is chosen. If this connection has no table ${preparation.table}, load the design into one first (Design tab, Load into a table).`,
      });
      followPending(api);
    },
    setTemplate: (attribute, side, text) => {
      const pair = ownValue(get().templates, attribute) ?? { current: '', target: '' };
      const where = `${side} template for ${attribute}`;
      set({ templates: { ...get().templates, [attribute]: { ...pair, [side]: text } }, problems: get().problems.filter((problem) => problem.where !== where) });
    },
    setCopyInto: (tableName) => set({ copyInto: tableName }),
  };
}

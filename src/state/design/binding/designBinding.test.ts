import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_TABLE_INPUT, LEADERBOARD_TABLE_INPUT } from '../../../engine';
import { summarizeTable, type TableSummary } from '../../explorerStore';
import { createDesignStore } from '../designStore';
import { bindingOptions, resolveDesignBinding } from './designBinding';
import { createDesignBindingStore, DESIGN_BINDINGS_STORAGE_KEY } from './designBindingStore';
import { entityKeyTemplates, sortKeyTemplateOf } from './entityKeyTemplates';

function summary(input: typeof LEADERBOARD_TABLE_INPUT): TableSummary {
  return summarizeTable({
    TableName: input.TableName,
    KeySchema: input.KeySchema,
    AttributeDefinitions: input.AttributeDefinitions,
    GlobalSecondaryIndexes: input.GlobalSecondaryIndexes as never,
  });
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (name: string) => map.get(name) ?? null,
    setItem: (name: string, value: string) => void map.set(name, value),
    removeItem: (name: string) => void map.delete(name),
    map,
  };
}

const designs = createDesignStore().getState().designs;
const leaderboard = summary(LEADERBOARD_TABLE_INPUT);
const auditLog = summary(AUDIT_LOG_TABLE_INPUT);

describe('resolveDesignBinding', () => {
  it('binds the built-in Leaderboard and AuditLog tables to the example designs of the same name and key schema', () => {
    expect(resolveDesignBinding(designs, undefined, leaderboard)).toMatchObject({
      designId: 'example-leaderboard',
      designName: 'Leaderboard',
      automatic: true,
      table: { name: 'Leaderboard' },
    });
    expect(resolveDesignBinding(designs, undefined, auditLog)).toMatchObject({ designId: 'example-audit-log', automatic: true, table: { name: 'AuditLog' } });
  });

  it('does not bind a table whose key schema differs, or no table at all', () => {
    const renamedKey: TableSummary = { ...leaderboard, keys: { ...leaderboard.keys, sortKey: { name: 'rank', type: 'S' } } };
    const numberKey: TableSummary = { ...leaderboard, keys: { ...leaderboard.keys, sortKey: { name: 'rankKey', type: 'N' } } };
    const hashOnly: TableSummary = { ...leaderboard, keys: { partitionKey: leaderboard.keys.partitionKey } };
    expect(resolveDesignBinding(designs, undefined, renamedKey)).toBeUndefined();
    expect(resolveDesignBinding(designs, undefined, numberKey)).toBeUndefined();
    expect(resolveDesignBinding(designs, undefined, hashOnly)).toBeUndefined();
    expect(resolveDesignBinding(designs, undefined, { ...auditLog, name: 'Other' })).toBeUndefined();
    expect(resolveDesignBinding(designs, undefined, undefined)).toBeUndefined();
  });

  it('follows the user’s choice: another design’s table, or none; a choice that is gone falls back to the automatic one', () => {
    expect(resolveDesignBinding(designs, { designId: 'example-shop', tableName: 'Shop' }, auditLog)).toMatchObject({
      designName: 'Shop (single table)',
      automatic: false,
      table: { name: 'Shop' },
    });
    expect(resolveDesignBinding(designs, 'none', auditLog)).toBeUndefined();
    expect(resolveDesignBinding(designs, { designId: 'deleted', tableName: 'Shop' }, auditLog)).toMatchObject({ designName: 'AuditLog', automatic: true });
  });

  it('lists every design’s tables as "<design> · <table>"', () => {
    expect(bindingOptions(designs).map((option) => option.label)).toEqual(['Leaderboard · Leaderboard', 'AuditLog · AuditLog', 'Shop (single table) · Shop']);
  });
});

describe('the design bindings store', () => {
  it('remembers a choice per table name, survives a reload, and forgets it on undefined', () => {
    const storage = memoryStorage();
    const store = createDesignBindingStore({ storage });
    store.getState().choose('AuditLog', 'none');
    store.getState().choose('Leaderboard', { designId: 'example-shop', tableName: 'Shop' });
    expect(createDesignBindingStore({ storage }).getState().choices).toEqual({
      AuditLog: 'none',
      Leaderboard: { designId: 'example-shop', tableName: 'Shop' },
    });
    store.getState().choose('AuditLog', undefined);
    expect(createDesignBindingStore({ storage }).getState().choices).toEqual({ Leaderboard: { designId: 'example-shop', tableName: 'Shop' } });
  });

  it('drops saved choices that are not well formed', () => {
    const storage = memoryStorage();
    storage.setItem(
      DESIGN_BINDINGS_STORAGE_KEY,
      JSON.stringify({ state: { choices: { A: 'none', B: 42, C: { designId: 'x' }, D: { designId: 'x', tableName: 'T' } } }, version: 1 }),
    );
    expect(createDesignBindingStore({ storage }).getState().choices).toEqual({ A: 'none', D: { designId: 'x', tableName: 'T' } });
    storage.setItem(DESIGN_BINDINGS_STORAGE_KEY, '{"state": {"choices": []}, "version": 1}');
    expect(createDesignBindingStore({ storage }).getState().choices).toEqual({});
  });
});

describe('entity key templates', () => {
  const shop = designs.find((saved) => saved.id === 'example-shop')!.design.tables[0]!;
  it('lists the entities with a template for a key attribute, leaving out those not in the index', () => {
    expect(entityKeyTemplates(shop, 'SK').map((entry) => entry.entityName)).toEqual(['Customer', 'Order', 'Address']);
    expect(entityKeyTemplates(shop, 'GSI1SK', 'GSI1').map((entry) => `${entry.entityName}: ${entry.templateText}`)).toEqual(['Order: {at:iso}#{orderId}']);
  });

  it('gives the query builder the chosen entity’s sort-key template, or the first one', () => {
    const binding = { designId: 'example-shop', designName: 'Shop', table: shop, automatic: false };
    expect(sortKeyTemplateOf(binding, 'SK', '', undefined)?.source).toMatchObject({ entityName: 'Customer', entityNames: ['Customer', 'Order', 'Address'] });
    expect(sortKeyTemplateOf(binding, 'SK', '', 'Order')?.source.templateText).toBe('ORDER#{at:iso}#{orderId}');
    expect(sortKeyTemplateOf(binding, 'SK', '', 'Gone')?.source.entityName).toBe('Customer');
    expect(sortKeyTemplateOf(binding, 'SK', 'noSuchIndex', undefined)).toBeUndefined();
    expect(sortKeyTemplateOf(undefined, 'SK', '', undefined)).toBeUndefined();
  });
});

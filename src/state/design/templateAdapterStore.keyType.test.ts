import { describe, expect, it } from 'vitest';
import { buildItemCollection, listPartitions, setSampleValue } from '../../design';
import { compareSampleOrders } from '../../keys';
import { createDesignStore } from './designStore';
import { createTemplateAdapterStore } from './templateAdapterStore';

/**
 * Issue 31, "A Number key called a string": in the Leaderboard example `ts`
 * is declared N on the byPlayer index. The key builder's "Order of ts" must
 * judge it as a number: no numbers-as-text advice (which would turn the N
 * attribute's template into a padded string), and after one sample is
 * edited, raw, encoded and the item collection agree on the order.
 */
function leaderboardTs() {
  const designs = createDesignStore();
  const ts = createTemplateAdapterStore(designs, { designId: 'example-leaderboard', tableName: 'Leaderboard', entityName: 'Run', attribute: 'ts' });
  const disconnect = ts.connect();
  const table = () => designs.getState().designs.find((saved) => saved.id === 'example-leaderboard')!.design.tables[0]!;
  const orders = () => {
    const state = ts.getState();
    return compareSampleOrders(state.template, state.sampleRows, state.direction, state.keyType);
  };
  return { designs, ts, table, orders, disconnect };
}

describe('the key builder over the Leaderboard’s ts (an N attribute)', () => {
  it('knows ts is declared N and gives no numbers-as-text advice for it', () => {
    const { ts, orders, disconnect } = leaderboardTs();
    expect(ts.getState().keyType).toBe('N');
    expect(ts.getState().templateText).toBe('{ts}');
    expect(orders().inferredOrders).toEqual([]);
    disconnect();
  });

  it('after editing one sample to a shorter number, raw and encoded keep every row in place, as the item collection does', () => {
    const { designs, ts, table, orders, disconnect } = leaderboardTs();
    designs.getState().updateDesign('example-leaderboard', setSampleValue('Leaderboard', 'Run', 'run-12', 'ts', '999'));
    const result = orders();
    const tsOf = new Map(ts.getState().sampleRows.map((row) => [row.id, row.values.ts]));
    expect(result.rawOrder.filter((entry) => !entry.inPlace)).toEqual([]);
    expect(result.encodedOrder.filter((entry) => !entry.inPlace)).toEqual([]);
    expect(tsOf.get(result.encodedOrder[0]!.id)).toBe('999');
    // The item collection of p_4477 on byPlayer (run-6 and run-12) puts 999 first too.
    const partition = listPartitions(table(), 'byPlayer').find((entry) => entry.parts[0]?.text === 'p_4477')!;
    const collection = buildItemCollection(table(), { indexName: 'byPlayer', partition: partition.id });
    expect(collection.rows.map((row) => row.sampleId)).toEqual(['run-12', 'run-6']);
    const inPartition = new Set(['run-12', 'run-6']);
    expect(result.encodedOrder.map((entry) => entry.id).filter((id) => inPartition.has(id))).toEqual(['run-12', 'run-6']);
    disconnect();
  });

  it('a suggested padded format is never applied to the N attribute', () => {
    const { ts, table, disconnect } = leaderboardTs();
    ts.getState().setFieldFormat('ts', { kind: 'int', width: 12, descending: false });
    expect(table().entities[0]!.keys.ts).toBe('{ts}');
    disconnect();
  });

  it('the same field in a string key is still judged as numbers stored as text', () => {
    const { ts, disconnect } = leaderboardTs();
    const state = ts.getState();
    const asString = compareSampleOrders(state.template, state.sampleRows, state.direction, 'S');
    expect(asString.inferredOrders.map((order) => order.finding?.code)).toEqual(['keys.numbersAsText']);
    disconnect();
  });
});

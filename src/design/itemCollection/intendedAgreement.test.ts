import { describe, expect, it } from 'vitest';
import { compareSampleOrders, type SampleOrders } from '../../keys';
import { compileTemplateText, isEntityInIndex, keyRoleOf, keySchemaOf } from '../designKeys';
import type { Design, TableDesign } from '../design.types';
import { setSampleValue } from '../edit';
import { EXAMPLE_DESIGNS, LEADERBOARD_DESIGN } from '../examples';
import { importWorkbenchModel } from '../interchange';
import gsiInclude from '../interchange/fixtures/gsi-include.json?raw';
import singleTable from '../interchange/fixtures/single-table-facets.json?raw';
import twoTables from '../interchange/fixtures/two-tables.json?raw';
import version1 from '../interchange/fixtures/version-1.json?raw';
import { buildItemCollection, listPartitions } from './buildItemCollection';
import { expectOk } from '../../errors/testing';

/**
 * One judge, two surfaces: for every sort key of the built-in examples and
 * the Workbench fixtures, the key builder's lists (compareSampleOrders, with
 * the attribute's declared type) and the item collection agree on DynamoDB's
 * order of each entity's items in each partition, and on each item's
 * intended place among them.
 */
function imported(text: string): Design {
  const result = importWorkbenchModel(text, { fileName: 'model.json' });
  expectOk(result);
  return result.design;
}

/** The Leaderboard after one run's ts (an N sort key of byPlayer) is edited to a shorter number (issue 31). */
const leaderboardEdited = setSampleValue('Leaderboard', 'Run', 'run-12', 'ts', '999')(LEADERBOARD_DESIGN);

const DESIGNS: readonly (readonly [string, Design])[] = [
  ...EXAMPLE_DESIGNS.map(({ id, design }) => [id, design] as const),
  ['Leaderboard with a ts edited to 999', leaderboardEdited],
  ...(
    [
      ['gsi-include', gsiInclude],
      ['single-table-facets', singleTable],
      ['two-tables', twoTables],
      ['version-1', version1],
    ] as const
  ).map(([name, text]) => [name, imported(text)] as const),
];

/** Every (index or table) × entity with one templated sort key attribute. */
function sortKeySites(table: TableDesign) {
  const sites: { indexName: string | undefined; entityName: string; orders: SampleOrders }[] = [];
  for (const indexName of [undefined, ...table.indexes.map((index) => index.name)]) {
    const schema = keySchemaOf(table, indexName);
    const attribute = schema?.sort.length === 1 ? schema.sort[0] : undefined;
    if (!attribute) continue;
    for (const entity of table.entities) {
      const text = entity.keys[attribute.name];
      if (text === undefined || !isEntityInIndex(table, entity, indexName)) continue;
      const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
      if (!compiled.ok) continue;
      const rows = entity.samples.map((sample) => ({ id: sample.id, values: sample.values }));
      sites.push({ indexName, entityName: entity.name, orders: compareSampleOrders(compiled.value.template, rows, 'ascending', attribute.type) });
    }
  }
  return sites;
}

describe('the key builder’s lists and the item collection agree (one judge of intended order)', () => {
  for (const [name, design] of DESIGNS) {
    it(name, () => {
      let compared = 0;
      for (const table of design.tables) {
        for (const site of sortKeySites(table)) {
          const intendedById = new Map(site.orders.encodedOrder.map((entry) => [entry.id, entry.intendedPosition]));
          for (const partition of listPartitions(table, site.indexName)) {
            const collection = buildItemCollection(table, { ...(site.indexName ? { indexName: site.indexName } : {}), partition: partition.id });
            const entityRows = collection.rows.filter((row) => row.entity === site.entityName);
            const rows = entityRows.filter((row) => intendedById.has(row.sampleId));
            const ids = rows.map((row) => row.sampleId);
            const inPartition = new Set(ids);
            // DynamoDB's order of the entity's items, as both surfaces sort them.
            expect(
              site.orders.encodedOrder.map((entry) => entry.id).filter((id) => inPartition.has(id)),
              `${table.name} ${site.indexName ?? ''} ${site.entityName}`,
            ).toEqual(ids);
            // The key builder lists every partition's rows as one, leaving out a key another partition repeats: compare the full partitions.
            if (rows.length !== entityRows.length) continue;
            // Each item's intended place among them: the key builder's intended positions, ranked within the partition.
            const positions = ids.map((id) => intendedById.get(id) as number);
            const expected = positions.map((position) => 1 + positions.filter((other) => other < position).length);
            expect(
              rows.map((row) => row.intendedRank),
              `${table.name} ${site.indexName ?? ''} ${site.entityName} intended`,
            ).toEqual(expected);
            compared += rows.length;
          }
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }
});

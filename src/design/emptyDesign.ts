import type { Design, TableDesign } from './design.types';

/**
 * A new table as every "add" starts it: keyed PK/SK (strings), on-demand,
 * with no indexes, entities or access patterns yet.
 *
 * @example
 * emptyTable("Orders").partitionKey // { name: "PK", type: "S" }
 */
export function emptyTable(name: string): TableDesign {
  return {
    name,
    description: '',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [],
    billingMode: 'PAY_PER_REQUEST',
    entities: [],
    accessPatterns: [],
  };
}

/** A new design: one empty table (`Table1`). */
export function emptyDesign(name: string): Design {
  return { name, description: '', tables: [emptyTable('Table1')] };
}

import type { Design, IndexDesign, TableDesign } from '../design.types';

/*
 * Edits of a design for the structural diff's tests: the unit tests of
 * diffDesigns and the corpus test in src/state make the same changes.
 */

/** The design with its first table replaced. */
export function withTable(design: Design, edit: (table: TableDesign) => TableDesign): Design {
  const [first, ...rest] = design.tables;
  return { ...design, tables: [edit(first as TableDesign), ...rest] };
}

export function withIndex(table: TableDesign, name: string, edit: (index: IndexDesign) => IndexDesign): TableDesign {
  return { ...table, indexes: table.indexes.map((index) => (index.name === name ? edit(index) : index)) };
}

export function withTemplate(table: TableDesign, entity: string, attribute: string, template: string): TableDesign {
  return {
    ...table,
    entities: table.entities.map((candidate) => (candidate.name === entity ? { ...candidate, keys: { ...candidate.keys, [attribute]: template } } : candidate)),
  };
}

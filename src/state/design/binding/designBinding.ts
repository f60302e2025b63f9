import type { KeyAttributeDesign, TableDesign } from '../../../design';
import type { KeySchemaInfo } from '../../../expressions';
import type { TableSummary } from '../../explorer/explorerTypes';
import type { SavedDesign } from '../designStore';

/**
 * Which design table describes a table the explorer shows: the user's choice
 * when they made one (remembered per table name), else the first saved design
 * with a table of the same name and key schema.
 */

/** What the user picked in the Key design select: one design's table, or no design at all. */
export type BindingChoice = { readonly designId: string; readonly tableName: string } | 'none';

export interface DesignBinding {
  readonly designId: string;
  readonly designName: string;
  readonly table: TableDesign;
  /** True when found by name and key schema rather than picked. */
  readonly automatic: boolean;
}

/** One option of the Key design select. */
export interface BindingOption {
  readonly designId: string;
  readonly tableName: string;
  /** "<design> · <table>" */
  readonly label: string;
}

function sameAttribute(design: KeyAttributeDesign | undefined, actual: KeySchemaInfo['partitionKey'] | undefined): boolean {
  return design === undefined ? actual === undefined : actual !== undefined && design.name === actual.name && design.type === actual.type;
}

/** Whether a design table has the explorer table's name and key schema (partition and sort key names and types). */
export function describesTable(design: TableDesign, table: TableSummary): boolean {
  return design.name === table.name && sameAttribute(design.partitionKey, table.keys.partitionKey) && sameAttribute(design.sortKey, table.keys.sortKey);
}

/** Every table of every saved design, as the Key design select lists them. */
export function bindingOptions(designs: readonly SavedDesign[]): readonly BindingOption[] {
  return designs.flatMap((saved) =>
    saved.design.tables.map((table) => ({ designId: saved.id, tableName: table.name, label: `${saved.design.name} · ${table.name}` })),
  );
}

/**
 * The design table bound to the explorer's table: the remembered choice
 * ('none': no design), or, without one (or when the chosen design or table
 * is gone), the first design whose table matches by name and key schema.
 *
 * @example
 * resolveDesignBinding(designs, undefined, leaderboardSummary) // { designName: "Leaderboard", table: …, automatic: true }
 */
export function resolveDesignBinding(
  designs: readonly SavedDesign[],
  choice: BindingChoice | undefined,
  table: TableSummary | undefined,
): DesignBinding | undefined {
  if (!table || choice === 'none') return undefined;
  if (choice) {
    const saved = designs.find((candidate) => candidate.id === choice.designId);
    const chosen = saved?.design.tables.find((candidate) => candidate.name === choice.tableName);
    if (saved && chosen) return { designId: saved.id, designName: saved.design.name, table: chosen, automatic: false };
  }
  for (const saved of designs) {
    const found = saved.design.tables.find((candidate) => describesTable(candidate, table));
    if (found) return { designId: saved.id, designName: saved.design.name, table: found, automatic: true };
  }
  return undefined;
}

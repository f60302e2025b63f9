import type { IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import type { StructuralChange } from './diff.types';
import { VERDICT_LABELS } from './verdicts';

/** A change with its id and badge filled in from its parts. */
export function makeChange(change: Omit<StructuralChange, 'id' | 'verdictLabel'> & { readonly id?: string; readonly verdictLabel?: string }): StructuralChange {
  return {
    ...change,
    id: change.id ?? [change.area, change.action, change.table, change.subject].join('|'),
    verdictLabel: change.verdictLabel ?? VERDICT_LABELS[change.verdict],
  };
}

/** `PK (S)`; several attributes (a multi-attribute GSI key) joined with " + ". */
export function describeAttributes(attributes: readonly KeyAttributeDesign[]): string {
  return attributes.length === 0 ? 'none' : attributes.map((attribute) => `${attribute.name} (${attribute.type})`).join(' + ');
}

/** A table's key schema as text: `partition PK (S), sort SK (S)`. */
export function describeTableKey(table: TableDesign): string {
  return `partition ${describeAttributes([table.partitionKey])}, sort ${table.sortKey ? describeAttributes([table.sortKey]) : 'none'}`;
}

export function describeIndexKey(index: IndexDesign): string {
  return `${index.kind}: partition ${describeAttributes(index.partitionKey)}, sort ${describeAttributes(index.sortKey)}`;
}

export function describeProjection(index: IndexDesign): string {
  return index.projection.type === 'INCLUDE' ? `INCLUDE ${index.projection.attributes.join(', ') || '(no attributes)'}` : index.projection.type;
}

export function describeIndex(index: IndexDesign): string {
  return `${describeIndexKey(index)}; projection ${describeProjection(index)}`;
}

export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

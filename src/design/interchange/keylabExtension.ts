import type { Design, TableDesign } from '../design.types';
import { DESIGN_FORMAT } from '../design.types';
import { parseDesignDocument } from '../format';
import { tableItems } from './tableItems';
import type { ShapeReader } from './shapeReader';
import { KEYLAB_EXTENSION_FIELD } from './workbenchModel.types';

/**
 * The design in a model's Keylab extension field, when it still describes
 * the model: Workbench keeps unknown fields but may have changed the tables
 * or items since Keylab wrote it, and then the model itself wins (templates
 * are inferred again, with a warning).
 */
export function restoreKeylabExtension(root: Record<string, unknown>, imported: Design, reader: ShapeReader): Design | undefined {
  const extension = root[KEYLAB_EXTENSION_FIELD];
  if (extension === undefined) return undefined;
  const design = readExtensionDesign(extension);
  if (design === undefined) {
    reader.warn(KEYLAB_EXTENSION_FIELD, `not a ${DESIGN_FORMAT} design Keylab can read; the model's own tables and items are used.`);
    return undefined;
  }
  const dataModel = root.DataModel as readonly Record<string, unknown>[];
  const same =
    design.tables.length === imported.tables.length &&
    design.tables.every(
      (table, index) =>
        sameTableShape(table, imported.tables[index]!) &&
        sameItems(
          tableItems(table).map((entry) => entry.item),
          modelItems(dataModel[index]),
        ),
    );
  if (same) return design;
  reader.warn(
    KEYLAB_EXTENSION_FIELD,
    'the model was changed after Keylab exported it (its tables or items differ from the Keylab design it carries); templates were inferred from the model again.',
  );
  return undefined;
}

/**
 * The design carried in the extension, validated like any design file (an
 * export may have been edited by hand); undefined when it does not read.
 */
function readExtensionDesign(extension: unknown): Design | undefined {
  if (extension === null || typeof extension !== 'object') return undefined;
  const { format, design } = extension as { format?: unknown; design?: unknown };
  if (format !== DESIGN_FORMAT || design === null || typeof design !== 'object') return undefined;
  const read = parseDesignDocument({ ...(design as object), format });
  if (!read.ok) return undefined;
  try {
    read.design.tables.forEach((table) => tableItems(table));
    return read.design;
  } catch {
    return undefined;
  }
}

/** Every item a model's table holds, in its TableData and in its facets (an older Keylab export wrote each in both). */
function modelItems(table: Record<string, unknown> | undefined): unknown[] {
  if (!table) return [];
  const facets = Array.isArray(table.TableFacets) ? (table.TableFacets as unknown[]) : [];
  const facetItems = facets.flatMap((facet) =>
    facet !== null && typeof facet === 'object' && Array.isArray((facet as Record<string, unknown>).TableData)
      ? ((facet as Record<string, unknown>).TableData as unknown[])
      : [],
  );
  return [...(Array.isArray(table.TableData) ? table.TableData : []), ...facetItems];
}

/** The same items, wherever and however often the model lists each. */
function sameItems(design: readonly unknown[], model: readonly unknown[]): boolean {
  const distinct = (items: readonly unknown[]) => [...new Set(items.map(canonical))].sort().join('\n');
  return design.length === new Set(design.map(canonical)).size && distinct(design) === distinct(model);
}

function sameTableShape(a: TableDesign, b: TableDesign): boolean {
  return a.name === b.name && canonical(a.partitionKey) === canonical(b.partitionKey) && canonical(a.sortKey ?? null) === canonical(b.sortKey ?? null);
}

/** JSON with object keys sorted: equal for equal values whatever the key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

import type { Design, WorkbenchSourceDesign } from '../design.types';
import { fnv1a64Hex } from '../decisions';
import { canonical } from './keylabExtension';
import { KEYLAB_EXTENSION_FIELD } from './workbenchModel.types';

/**
 * What a NoSQL Workbench model held beyond the design, kept with the design
 * so an export writes it back (see exportWorkbenchModel): the model as read
 * with its items taken out — ModelMetadata (Author, dates, Description,
 * Version, in its own key order), each table's key order, NonKeyAttributes,
 * DataAccess, auto scaling and fields Keylab does not know; each facet's
 * KeyAttributeAlias, NonKeyAttributes and DataAccess — and which facets held
 * items (the rest lived in the table's TableData).
 */
export function workbenchSourceOf(root: Readonly<Record<string, unknown>>, design: Design): WorkbenchSourceDesign {
  const itemFacets: Record<string, string[]> = {};
  const attributeOrder: Record<string, Record<string, string[]>> = {};
  const dataModel = Array.isArray(root.DataModel) ? root.DataModel : [];
  const tables = dataModel.map((table: unknown) => {
    if (!isObject(table)) return table;
    const facets = Array.isArray(table.TableFacets) ? table.TableFacets : undefined;
    if (typeof table.TableName === 'string' && facets) {
      itemFacets[table.TableName] = facets.flatMap((facet: unknown) =>
        isObject(facet) && typeof facet.FacetName === 'string' && Array.isArray(facet.TableData) && facet.TableData.length > 0 ? [facet.FacetName] : [],
      );
    }
    if (typeof table.TableName === 'string') {
      const orders: Record<string, string[]> = {};
      if (Array.isArray(table.TableData) && table.TableData.length > 0) orders[''] = namesInOrder(table.TableData);
      for (const facet of facets ?? [])
        if (isObject(facet) && typeof facet.FacetName === 'string' && Array.isArray(facet.TableData) && facet.TableData.length > 0)
          orders[facet.FacetName] = namesInOrder(facet.TableData);
      if (Object.keys(orders).length > 0) attributeOrder[table.TableName] = orders;
    }
    return withoutItems({ ...table, ...(facets ? { TableFacets: facets.map((facet: unknown) => (isObject(facet) ? withoutItems(facet) : facet)) } : {}) });
  });
  const model = Object.fromEntries(
    Object.entries(root).flatMap(([key, value]): [string, unknown][] =>
      key === KEYLAB_EXTENSION_FIELD ? [] : [[key, key === 'DataModel' && Array.isArray(value) ? tables : value]],
    ),
  );
  return { model, itemFacets, ...(Object.keys(attributeOrder).length > 0 ? { attributeOrder } : {}), designTag: designContentTag(design) };
}

/** Every attribute name the items use, in the order they first appear (how the model writes its items). */
function namesInOrder(items: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const item of items) if (isObject(item)) for (const name of Object.keys(item)) names.add(name);
  return [...names];
}

/** An object with its TableData emptied (kept as [] where it was, so the export writes the key where the model had it). */
function withoutItems(object: Record<string, unknown>): Record<string, unknown> {
  return 'TableData' in object ? { ...object, TableData: [] } : object;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A short tag of what a Workbench export writes of a design (name,
 * description, tables): equal tags, unchanged model. The export keeps the
 * model's DateLastModified while the tag matches the one taken at import.
 */
export function designContentTag(design: Design): string {
  return fnv1a64Hex(canonical({ name: design.name, description: design.description, tables: design.tables }));
}

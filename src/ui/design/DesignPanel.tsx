import { KeyBuilderPanel } from '../keyBuilder/KeyBuilderPanel';
import { useDesigns } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { LoadIntoTable } from './LoadIntoTable';

/**
 * The Design tab: the Designs list, the open design's tables, entities and
 * templates, and the regions that judge it (item collection, access
 * patterns, compare, import/export, load into a table). Each region is its
 * own component given the same props; this panel only lays them out.
 */
export function DesignPanel() {
  const openDesignId = useDesigns((state) => state.openDesignId);
  const saved = useDesigns((state) => state.designs.find((entry) => entry.id === state.openDesignId));
  const table = saved?.design.tables[0];
  const props: DesignRegionProps | undefined = openDesignId && saved && table ? { designId: openDesignId, design: saved.design, table } : undefined;
  return (
    <div className="design-panel">
      <KeyBuilderPanel />
      {props && (
        <>
          {/* Regions of the open design, one line each. */}
          <LoadIntoTable {...props} />
        </>
      )}
    </div>
  );
}

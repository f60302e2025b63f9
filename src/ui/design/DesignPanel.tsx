import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useDesigns } from '../stores';
import { DesignsList } from './DesignsList';
import {
  createEntityDisclosureStore,
  EntityDisclosureProvider,
  entityDisclosureKey,
  OPEN_ENTITIES_UP_TO,
  setEntityOpen,
  type EntityDisclosure,
} from './entityDisclosure';
import { focusJumpTarget, jumpTargetId, type JumpTarget } from './jumpTargets';
import { SkipLinks } from './SkipLinks';
import { usePresentSlide } from './presentationLocation';
import type { DesignRegionProps } from './designRegionProps';
import { useSharedLink } from './useSharedLink';

/*
 * The regions below the editor load after the first paint: the Design tab
 * shows the designs and the open design without waiting for the item
 * collection's virtualizer, the access patterns' request builder, compare,
 * import/export or load (each its own chunk, fetched at once after).
 */
/*
 * The open design's editor (tables, keys, indexes, entities and their key
 * builders) is its own chunk too, fetched after the Designs list has painted:
 * the list is the first screen's content, and the editor's code (with what its
 * template fields load) would otherwise be fetched and run before it.
 */
/*
 * The overview is what the Design tab opens on: the review's counts, the
 * verdicts and the item collections at a glance, above the editor.
 */
const DesignOverview = memo(lazy(async () => ({ default: (await import('./DesignOverview')).DesignOverview })));
const DesignEditor = lazy(async () => ({ default: (await import('./DesignEditor')).DesignEditor }));
const ItemCollectionRegion = lazy(async () => ({ default: (await import('./ItemCollectionRegion')).ItemCollectionRegion }));
/*
 * The regions that judge the design are memoised and given the design a
 * render behind typing (useDeferredValue): a keystroke's urgent render
 * updates the template field and the item collection, and skips these.
 */
const DesignReviewRegion = memo(lazy(async () => ({ default: (await import('./DesignReviewRegion')).DesignReviewRegion })));
const AccessPatternsRegion = memo(lazy(async () => ({ default: (await import('./AccessPatternsRegion')).AccessPatternsRegion })));
const CompareDesignsRegion = memo(lazy(async () => ({ default: (await import('./CompareDesignsRegion')).CompareDesignsRegion })));
const LoadIntoTable = memo(lazy(async () => ({ default: (await import('./LoadIntoTable')).LoadIntoTable })));
const ReviewDocumentRegion = memo(lazy(async () => ({ default: (await import('./ReviewDocumentRegion')).ReviewDocumentRegion })));
const SharedDesignView = lazy(async () => ({ default: (await import('./SharedDesignView')).SharedDesignView }));
const Presentation = lazy(async () => ({ default: (await import('./Presentation')).Presentation }));
const VersionsRegion = memo(lazy(async () => ({ default: (await import('./VersionsRegion')).VersionsRegion })));
const ImportExportRegion = lazy(async () => ({ default: (await import('./ImportExportRegion')).ImportExportRegion }));

const loading = (
  <p role="status" className="muted small">
    Loading…
  </p>
);

/**
 * False until the browser has painted once: the regions below the editor
 * start loading after the first paint rather than competing with it.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The Design tab: the Designs list beside (on narrow screens: above) the
 * open design's overview, then its tables, entities and templates, then the
 * regions that judge it (item collection, access patterns, compare,
 * import/export, load into a table). Each region is its own component given
 * the same props; this panel lays them out, and takes the overview's jumps
 * (choosing the table, opening the entity) and the skip links.
 */
export function DesignPanel() {
  const painted = usePaintedOnce();
  const presentSlide = usePresentSlide();
  const openDesignId = useDesigns((state) => state.openDesignId);
  const saved = useDesigns((state) => state.designs.find((entry) => entry.id === state.openDesignId));
  // The table chosen per design (the first one until the user picks another).
  const [chosenTables, setChosenTables] = useState<Readonly<Record<string, string>>>({});
  const tables = saved?.design.tables ?? [];
  const table = tables.find((entry) => openDesignId !== undefined && entry.name === chosenTables[openDesignId]) ?? tables[0];
  const design = saved?.design;
  // One object per design and table: useDeferredValue compares by identity (a new object each render would re-render forever).
  const props = useMemo<DesignRegionProps | undefined>(
    () => (openDesignId && design && table ? { designId: openDesignId, design, table } : undefined),
    [openDesignId, design, table],
  );
  const deferred = useDeferredValue(props);
  // Another design opened: its regions show it at once (a deferred render still holds the one before).
  const later = deferred?.designId === props?.designId ? deferred : props;
  // Entity editors start collapsed on a design with more than three entities; a jump opens the one it lands on.
  const [disclosureStore] = useState(createEntityDisclosureStore);
  const entityCount = tables.reduce((sum, entry) => sum + entry.entities.length, 0);
  const disclosure = useMemo<EntityDisclosure>(
    () => ({ store: disclosureStore, openByDefault: entityCount <= OPEN_ENTITIES_UP_TO }),
    [disclosureStore, entityCount],
  );
  const jump = useCallback(
    (target: JumpTarget) => {
      if (openDesignId !== undefined && 'table' in target) setChosenTables((chosen) => ({ ...chosen, [openDesignId]: target.table }));
      if (openDesignId !== undefined && target.kind === 'entity')
        setEntityOpen(disclosure, entityDisclosureKey(openDesignId, target.table, target.entity), true);
      void focusJumpTarget(jumpTargetId(target));
    },
    [openDesignId, disclosure],
  );
  // A share link (#share=…) shows its design read-only instead, until Make a copy or Back to designs.
  const shared = useSharedLink();
  if (shared.fragment !== undefined)
    return (
      <Suspense fallback={loading}>
        <SharedDesignView fragment={shared.fragment} onLeave={shared.leave} />
      </Suspense>
    );
  return (
    <div className="design-panel">
      {props && <SkipLinks onJump={jump} />}
      <DesignsList />
      <div className="design-main">
        {props ? (
          <EntityDisclosureProvider value={disclosure}>
            {painted && later && (
              <Suspense fallback={loading}>
                <DesignOverview {...later} onJump={jump} />
              </Suspense>
            )}
            {painted ? (
              <Suspense fallback={loading}>
                <DesignEditor {...props} onSelectTable={(name) => setChosenTables((chosen) => ({ ...chosen, [props.designId]: name }))} />
              </Suspense>
            ) : (
              loading
            )}
            {presentSlide !== undefined && (
              <Suspense fallback={loading}>
                <Presentation design={props.design} table={props.table} slide={presentSlide} designId={props.designId} />
              </Suspense>
            )}
            {/* Regions of the open design, one line each. */}
            {painted && (
              <Suspense fallback={loading}>
                {later && (
                  // Skip to findings lands here.
                  <div id={jumpTargetId({ kind: 'findings' })} tabIndex={-1} className="design-findings">
                    <DesignReviewRegion {...later} />
                  </div>
                )}
                <ItemCollectionRegion {...props} />
                {later && (
                  <>
                    <AccessPatternsRegion {...later} />
                    <CompareDesignsRegion key={later.designId} {...later} />
                    <LoadIntoTable {...later} />
                    <ReviewDocumentRegion {...later} />
                    <VersionsRegion {...later} />
                  </>
                )}
              </Suspense>
            )}
          </EntityDisclosureProvider>
        ) : (
          <p className="card muted">No design is open: choose one in the list, start a New design, or import one.</p>
        )}
        {/* Outside the open design: importing opens the new design, and its report stays. */}
        {painted && (
          <Suspense fallback={loading}>
            <ImportExportRegion design={props?.design} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

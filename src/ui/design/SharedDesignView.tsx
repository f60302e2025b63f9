import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { describeDesignProblem, type Design, type DesignProblem } from '../../design';
import { decodeShareFragment } from '../../design/share';
import { createReadOnlyDesignStore, READ_ONLY_DESIGN_ID } from '../../state';
import { createReviewStores, type AppStores } from '../appStores';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { AppStoresProvider, useAppStores } from '../stores';
import { AccessPatternsRegion } from './AccessPatternsRegion';
import { DesignOverview } from './DesignOverview';
import { DesignReviewRegion } from './DesignReviewRegion';
import type { DesignRegionProps } from './designRegionProps';
import { ItemCollectionRegion } from './ItemCollectionRegion';
import { focusJumpTarget, jumpTargetId, type JumpTarget } from './jumpTargets';
import { SkipLinks } from './SkipLinks';
import { Presentation } from './Presentation';
import { openPresentation, usePresentSlide } from './presentationLocation';
import { ReviewDocumentRegion } from './ReviewDocumentRegion';
import { AUTO_RUN_MAX_SAMPLES } from './usePatternVerdicts';
import { SharedTableView } from './SharedTableView';
import './share.css';

/**
 * A design opened from a share link, read-only: the link is read like an
 * imported file (each problem listed, nothing opened when there is one), then
 * shown with the same regions as the Design tab (review, item collection,
 * access patterns with their verdicts, the review document, Present), each
 * given `readOnly`. Nothing is saved until Make a copy, which adds it to the
 * Designs list and opens it for editing. `onLeave` takes the link out of the URL.
 */
export function SharedDesignView({ fragment, onLeave }: { readonly fragment: string; readonly onLeave: () => void }) {
  const read = useMemo(() => decodeShareFragment(fragment), [fragment]);
  if (!read.ok) return <SharedLinkProblems errors={read.errors} onLeave={onLeave} />;
  return <SharedDesign fragment={fragment} design={read.design} warnings={read.warnings} onLeave={onLeave} />;
}

function SharedLinkProblems({ errors, onLeave }: { readonly errors: readonly DesignProblem[]; readonly onLeave: () => void }) {
  const headingId = useId();
  return (
    <section className="shared-design" aria-labelledby={headingId}>
      <div className="card">
        <h2 id={headingId}>Shared design (read-only): this link can’t be opened</h2>
        <div className="notice" role="alert">
          <p>
            Nothing was opened or saved: the link has {errors.length} problem{errors.length === 1 ? '' : 's'}.
          </p>
          <ul className="shared-problems">
            {errors.map((error, index) => (
              <li key={index} className="wrap-anywhere">
                <VisibleText text={describeDesignProblem(error)} />
              </li>
            ))}
          </ul>
        </div>
        <div className="button-row">
          <button type="button" onClick={onLeave}>
            Back to designs
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * The stores the shared design's regions are given: the app's, except a
 * designs store holding only the shared design (it refuses every change and
 * saves nothing) and its own access-pattern runs (a run writes the samples
 * into a fresh in-memory engine, never the built-in table, and leaves the
 * results of the user's own designs alone), with the review export over them.
 */
function sharedStores(app: AppStores, design: Design): AppStores {
  return { ...app, designs: createReadOnlyDesignStore(design), ...createReviewStores() };
}

interface SharedDesignProps {
  readonly fragment: string;
  readonly design: Design;
  readonly warnings: readonly DesignProblem[];
  readonly onLeave: () => void;
}

function SharedDesign({ fragment, design, warnings, onLeave }: SharedDesignProps) {
  const app = useAppStores();
  // Make a copy waits for the saved designs to be read: a copy added before would be named against the examples only, and replaced by the load.
  const savedDesignsRead = useStore(app.designs, (state) => state.loaded);
  const shown = useMemo(() => sharedStores(app, design), [app, design]);
  const headingId = useId();
  const tableId = useId();
  const [tableName, setTableName] = useState<string | undefined>(undefined);
  const table = design.tables.find((entry) => entry.name === tableName) ?? design.tables[0];
  const props = useMemo<DesignRegionProps | undefined>(
    () => (table ? { designId: READ_ONLY_DESIGN_ID, design, table, readOnly: true } : undefined),
    [design, table],
  );
  const presentSlide = usePresentSlide();
  useShareLinkKept(fragment, presentSlide);

  // The verdicts are run at once, in this browser, on a fresh built-in engine: the receiver sees them without asking (up to the overview's limit; past it, Run access patterns).
  useEffect(() => {
    const samples = table?.entities.reduce((count, entity) => count + entity.samples.length, 0) ?? 0;
    if (table && table.accessPatterns.length > 0 && samples <= AUTO_RUN_MAX_SAMPLES) void shown.accessPatternRuns.getState().run(table);
  }, [shown, table]);
  // The overview's links: choose the table, then land on the target (a table's or an entity's templates are in the tables below).
  const jump = useCallback((target: JumpTarget) => {
    if ('table' in target) setTableName(target.table);
    void focusJumpTarget(jumpTargetId(target));
  }, []);

  const makeCopy = () => {
    app.designs.getState().addDesign(design);
    onLeave();
  };
  return (
    <section className="shared-design" aria-labelledby={headingId}>
      <SkipLinks onJump={jump} />
      <div className="card shared-design-header">
        <h2 id={headingId}>
          <VisibleText text={design.name} /> <span className="muted">— Shared design (read-only)</span>
        </h2>
        {design.description && (
          <p>
            <VisibleText text={design.description} />
          </p>
        )}
        <p className="muted small">Opened from a link: nothing is saved in this browser until you make a copy, which you can then edit.</p>
        <div className="button-row">
          <button type="button" className="primary" disabled={!savedDesignsRead} onClick={makeCopy}>
            Make a copy
          </button>
          <button type="button" data-present-button onClick={openPresentation}>
            Present
          </button>
          <button type="button" onClick={onLeave}>
            Back to designs
          </button>
          {!savedDesignsRead && (
            <span role="status" className="muted small">
              Reading your saved designs…
            </span>
          )}
          {design.tables.length > 1 && table && (
            <span className="shared-table-picker">
              <label htmlFor={tableId}>Table</label>{' '}
              <select id={tableId} value={table.name} onChange={(event) => setTableName(event.target.value)}>
                {design.tables.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {visibleString(entry.name)}
                  </option>
                ))}
              </select>
            </span>
          )}
        </div>
        {warnings.length > 0 && (
          <details className="small">
            <summary>
              {warnings.length} warning{warnings.length === 1 ? '' : 's'} reading the link
            </summary>
            <ul>
              {warnings.map((warning, index) => (
                <li key={index} className="wrap-anywhere">
                  <VisibleText text={describeDesignProblem(warning)} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {props && (
        <AppStoresProvider stores={shown}>
          <DesignOverview {...props} onJump={jump} />
          <div id={jumpTargetId({ kind: 'findings' })} tabIndex={-1} className="design-findings">
            <DesignReviewRegion {...props} />
          </div>
          <ItemCollectionRegion {...props} />
          <AccessPatternsRegion {...props} />
          <ReviewDocumentRegion {...props} />
          {presentSlide !== undefined && <Presentation design={design} table={props.table} slide={presentSlide} />}
        </AppStoresProvider>
      )}
      {design.tables.map((entry) => (
        <SharedTableView key={entry.name} table={entry} />
      ))}
    </section>
  );
}

/**
 * Presenting puts the slide in the URL (`#present=<n>`) in place of the share
 * link; leaving the slides puts the link back, so a reload (or copying the
 * address) still opens the shared design.
 */
function useShareLinkKept(fragment: string, presentSlide: number | undefined): void {
  useEffect(() => {
    const hash = fragment.startsWith('#') ? fragment : `#${fragment}`;
    if (presentSlide === undefined && window.location.hash !== hash)
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
  }, [fragment, presentSlide]);
}

import { useEffect, useId, useState } from 'react';
import type { Design } from '../../design';
import { useDesigns } from '../stores';
import { StructuralDiffView } from './StructuralDiffView';
import { useOpenMigrateKeys } from './useOpenMigrateKeys';

/** Two revisions to compare: kept revision numbers, or the current design. */
export interface ComparedRevisions {
  readonly from: number | 'current';
  readonly to: number | 'current';
}

/** What was read, for which pair (`from:to`): another pair shows "Reading" until it is read. */
type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'problem'; readonly pair: string; readonly message: string }
  | { readonly kind: 'ready'; readonly pair: string; readonly before: Design; readonly after: Design };

const nameOf = (side: number | 'current') => (side === 'current' ? 'the current design' : `revision ${side}`);
const labelOf = (side: number | 'current') => (side === 'current' ? 'the current design' : `Revision ${side}`);

/**
 * Reads the two revisions Compare asked for (kept ones from this browser's
 * history) and shows the structural diff between them.
 */
export function VersionsCompare({
  designId,
  design,
  compared,
  onClose,
}: {
  readonly designId: string;
  readonly design: Design;
  readonly compared: ComparedRevisions;
  onClose(): void;
}) {
  const readVersion = useDesigns((state) => state.readVersion);
  const openMigrate = useOpenMigrateKeys();
  const [read, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const headingId = useId();
  const { from, to } = compared;
  const pair = `${from}:${to}`;
  // The diff shown stays while the same pair is read again (comparing with the current design re-reads after each save).
  const loaded: Loaded = read.kind !== 'loading' && read.pair === pair ? read : { kind: 'loading' };

  useEffect(() => {
    let live = true;
    const readSide = async (side: number | 'current') => (side === 'current' ? design : readVersion(designId, side));
    Promise.all([readSide(from), readSide(to)]).then(
      ([before, after]) => {
        if (!live) return;
        const missing = [before ? undefined : from, after ? undefined : to].filter((side) => side !== undefined);
        setLoaded(
          before && after
            ? { kind: 'ready', pair, before, after }
            : {
                kind: 'problem',
                pair,
                message: `${missing.map((side) => nameOf(side)).join(' and ')} is no longer kept in this browser: choose another revision.`,
              },
        );
      },
      (error: unknown) =>
        live && setLoaded({ kind: 'problem', pair, message: `The revisions could not be read (${error instanceof Error ? error.message : String(error)}).` }),
    );
    return () => {
      live = false;
    };
  }, [designId, design, from, to, pair, readVersion]);

  return (
    <div className="versions-compare" aria-labelledby={headingId} role="group">
      <div className="button-row">
        <h3 id={headingId}>
          Comparing {labelOf(from)} with {nameOf(to)}
        </h3>
        <button type="button" className="link-button small" onClick={onClose}>
          Close comparison
        </button>
      </div>
      {loaded.kind === 'loading' && <p className="muted small">Reading the revisions…</p>}
      {loaded.kind === 'problem' && (
        <p role="alert" className="field-error">
          {loaded.message}
        </p>
      )}
      {loaded.kind === 'ready' && (
        <StructuralDiffView before={loaded.before} after={loaded.after} beforeLabel={labelOf(from)} afterLabel={labelOf(to)} onMigrate={openMigrate} />
      )}
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { KEPT_REVISIONS, revisionOf, type DesignRevisionInfo } from '../../state';
import { useDesigns } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { VersionsCompare, type ComparedRevisions } from './VersionsCompare';
import './versions.css';

/** "current" or a kept revision's number, as a select's value. */
const CURRENT = 'current';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/**
 * The Versions region: the open design's kept revisions, newest first (each
 * save that changes it is one), with Restore (the revision's content back as a
 * NEW revision: nothing is lost) and Compare (a structural diff against the
 * current design, or between two chosen revisions), and a name or note per
 * revision. The history lives in this browser (src/state/design/designVersions.ts).
 */
export function VersionsRegion({ designId, design }: DesignRegionProps) {
  const versions = useDesigns((state) => state.versions[designId]);
  const loadVersions = useDesigns((state) => state.loadVersions);
  const restoreVersion = useDesigns((state) => state.restoreVersion);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [naming, setNaming] = useState<number | undefined>(undefined);
  const [compared, setCompared] = useState<ComparedRevisions | undefined>(undefined);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>(CURRENT);
  const headingId = useId();
  const current = revisionOf(design);

  useEffect(() => {
    void loadVersions(designId).catch((error: unknown) =>
      setStatus(`The versions of this design could not be read from this browser's storage (${error instanceof Error ? error.message : String(error)}).`),
    );
  }, [designId, loadVersions]);

  const restore = async (revision: number) => {
    setStatus(`Restoring revision ${revision}…`);
    const outcome = await restoreVersion(designId, revision);
    if (!outcome.ok) setStatus(outcome.message);
    else if ('unchanged' in outcome) setStatus(`Revision ${revision} is what the design holds now: nothing to restore.`);
    else
      setStatus(
        `Revision ${revision} restored as a new revision, ${outcome.revision}; revision ${outcome.revision - 1} and every other revision stay in the list.`,
      );
  };
  const compare = (left: number | 'current', right: number | 'current') => setCompared({ from: left, to: right });
  const choice = (value: string): number | 'current' => (value === CURRENT ? CURRENT : Number(value));
  const list = versions ?? [];
  const fromValue = from !== '' ? from : String(list[1]?.revision ?? list[0]?.revision ?? current);

  return (
    <section className="card versions-region" aria-labelledby={headingId}>
      <h2 id={headingId}>Versions</h2>
      <p className="muted small">
        Each save that changes this design is a revision (typing is saved after a pause: one revision, not one per key). This browser keeps the last{' '}
        {KEPT_REVISIONS} revisions of each design (fewer for a very large one), oldest dropped first. Restore puts a revision back as a new revision, so nothing
        is lost.
      </p>
      <p className="small">
        Current: revision {current}
        {list.length > 0 && list[0]!.revision < current && ' (saving…)'}
      </p>
      {versions === undefined ? (
        <p role="status" className="muted small">
          Reading the versions…
        </p>
      ) : list.length === 0 ? (
        <p className="muted small">No versions kept yet: the first save of this design keeps one.</p>
      ) : (
        <div className="table-scroll">
          <table className="versions-table">
            <thead>
              <tr>
                <th scope="col">Revision</th>
                <th scope="col">Saved</th>
                <th scope="col">Name or note</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((info) => (
                <VersionRow
                  key={info.revision}
                  designId={designId}
                  info={info}
                  isCurrent={info.revision === current}
                  naming={naming === info.revision}
                  onName={(on) => setNaming(on ? info.revision : undefined)}
                  onRestore={() => void restore(info.revision)}
                  onCompare={() => {
                    // The pair chosen below follows, so it can be changed from there.
                    setFrom(String(info.revision));
                    setTo(CURRENT);
                    compare(info.revision, CURRENT);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.length > 0 && (
        <form
          className="versions-pick"
          onSubmit={(event) => {
            event.preventDefault();
            compare(choice(fromValue), choice(to));
          }}
        >
          <label>
            Compare revision
            <select value={fromValue} onChange={(event) => setFrom(event.target.value)}>
              {list.map((info) => (
                <option key={info.revision} value={String(info.revision)}>
                  {info.revision}
                </option>
              ))}
            </select>
          </label>
          <label>
            with
            <select value={to} onChange={(event) => setTo(event.target.value)}>
              <option value={CURRENT}>the current design</option>
              {list.map((info) => (
                <option key={info.revision} value={String(info.revision)}>
                  revision {info.revision}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Compare revisions</button>
        </form>
      )}
      {status && (
        <p role="status" className="small">
          {status}
        </p>
      )}
      {compared && <VersionsCompare designId={designId} design={design} compared={compared} onClose={() => setCompared(undefined)} />}
    </section>
  );
}

interface VersionRowProps {
  readonly designId: string;
  readonly info: DesignRevisionInfo;
  readonly isCurrent: boolean;
  readonly naming: boolean;
  onName(on: boolean): void;
  onRestore(): void;
  onCompare(): void;
}

/** One kept revision: its number, date and name, and what can be done with it. */
function VersionRow({ designId, info, isCurrent, naming, onName, onRestore, onCompare }: VersionRowProps) {
  const nameVersion = useDesigns((state) => state.nameVersion);
  const [text, setText] = useState(info.name ?? '');
  const label = `Revision ${info.revision}${isCurrent ? ' (current)' : ''}`;
  return (
    <tr aria-label={`${label}${info.name ? `: ${info.name}` : ''}`}>
      <th scope="row">{label}</th>
      <td>{formatDate(info.savedAt)}</td>
      <td>
        {naming ? (
          <form
            className="versions-name"
            onSubmit={(event) => {
              event.preventDefault();
              void nameVersion(designId, info.revision, text).then(() => onName(false));
            }}
          >
            <input
              type="text"
              aria-label={`Name or note for revision ${info.revision}`}
              value={text}
              maxLength={200}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit">Save name</button>
            <button type="button" onClick={() => onName(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <span className="versions-note">{info.name ?? ''}</span>
        )}
      </td>
      <td>
        <div className="button-row">
          <button type="button" onClick={onRestore} disabled={isCurrent} title={isCurrent ? 'This is the current revision' : undefined}>
            Restore
          </button>
          <button type="button" onClick={onCompare} disabled={isCurrent}>
            Compare
          </button>
          {!naming && (
            <button type="button" className="link-button small" onClick={() => onName(true)}>
              Name this version
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

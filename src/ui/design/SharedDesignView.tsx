import { useId, useMemo } from 'react';
import { describeDesignProblem } from '../../design';
import { SharedReviewRecord } from './SharedReviewRecord';
import { decodeShareFragment } from '../../design/share';
import { VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import { SharedTableView } from './SharedTableView';
import './share.css';

/**
 * A design opened from a share link, read-only: the link is read like an
 * imported file (each problem listed, nothing opened when there is one) and
 * nothing is saved until Make a copy, which adds it to the Designs list and
 * opens it for editing. `onLeave` takes the link out of the URL.
 */
export function SharedDesignView({ fragment, onLeave }: { readonly fragment: string; readonly onLeave: () => void }) {
  const { designs } = useAppStores();
  const read = useMemo(() => decodeShareFragment(fragment), [fragment]);
  const headingId = useId();

  if (!read.ok) {
    return (
      <section className="shared-design" aria-labelledby={headingId}>
        <div className="card">
          <h2 id={headingId}>Shared design (read-only): this link can’t be opened</h2>
          <div className="notice" role="alert">
            <p>
              Nothing was opened or saved: the link has {read.errors.length} problem{read.errors.length === 1 ? '' : 's'}.
            </p>
            <ul className="shared-problems">
              {read.errors.map((error, index) => (
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

  const { design, warnings } = read;
  const makeCopy = () => {
    designs.getState().addDesign(design);
    onLeave();
  };
  return (
    <section className="shared-design" aria-labelledby={headingId}>
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
          <button type="button" className="primary" onClick={makeCopy}>
            Make a copy
          </button>
          <button type="button" onClick={onLeave}>
            Back to designs
          </button>
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
      {design.tables.map((table) => (
        <SharedTableView key={table.name} table={table} />
      ))}
      <SharedReviewRecord design={design} />
    </section>
  );
}

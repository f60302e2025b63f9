import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { describeReviewDate, isSignOffCurrent, type Design } from '../../design';
import type { DesignReviewStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { reviewerNameStore } from './reviewStoreOf';

/**
 * The reviewer's name (typed once, remembered in this browser) and the
 * design's sign-offs: Sign off records the name, the date, the revision and
 * the design's fingerprint; a sign-off whose design changed since is marked
 * out of date.
 */

/** "Your name": who decisions and sign-offs are recorded under; kept in this browser. */
export function ReviewerNameField() {
  const inputId = useId();
  const store = reviewerNameStore();
  const name = useStore(store, (state) => state.name);
  return (
    <p className="review-reviewer">
      <label htmlFor={inputId}>Your name</label>{' '}
      <input
        id={inputId}
        type="text"
        value={name}
        autoComplete="name"
        maxLength={200}
        placeholder="Recorded with your decisions and sign-off"
        onChange={(event) => store.getState().setName(event.target.value)}
      />{' '}
      <span className="muted small">Kept in this browser only.</span>
    </p>
  );
}

interface SignOffRegionProps {
  readonly designId: string;
  /**
   * The design as it was when typing paused (the review's): whether a sign-off is current takes a
   * fingerprint of the whole design (hundreds of ms at 20,000 samples), so not on every keystroke.
   */
  readonly design: Design;
  readonly store: DesignReviewStore;
}

/** The region Sign-off: the sign-offs, and Sign off. */
export function SignOffRegion({ designId, design, store }: SignOffRegionProps) {
  const headingId = useId();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const revision = design.revision ?? 1;
  return (
    <section className="review-sign-off" aria-labelledby={headingId}>
      <h3 id={headingId}>Sign-off</h3>
      <SignOffList design={design} onRemove={(reviewer) => store.getState().withdrawSignOff(designId, reviewer)} />
      <div className="button-row">
        <button
          type="button"
          onClick={() => {
            const result = store.getState().signOff(designId);
            setProblem(result.ok ? undefined : result.message);
          }}
        >
          Sign off
        </button>
        <span className="muted small">Records your name, today’s date and revision {revision.toLocaleString('en-US')} of the design.</span>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** Each sign-off with its date and revision, current or out of date; Remove only where `onRemove` is given (not in a shared link). */
export function SignOffList({ design, onRemove }: { readonly design: Design; readonly onRemove?: (reviewer: string) => void }) {
  const signOffs = design.signOffs ?? [];
  if (signOffs.length === 0) return <p className="muted small">Nobody has signed this design off yet.</p>;
  return (
    <ul className="review-sign-off-list">
      {signOffs.map((entry) => {
        const current = isSignOffCurrent(design, entry);
        return (
          <li key={entry.reviewer} className={current ? 'sign-off-current' : 'sign-off-stale'}>
            <VisibleText className="review-sign-off-name" text={entry.reviewer} /> signed off on{' '}
            <time dateTime={entry.signedAt}>{describeReviewDate(entry.signedAt)}</time>, revision {entry.revision.toLocaleString('en-US')}
            {current ? (
              <span className="sign-off-state"> — current</span>
            ) : (
              <strong className="sign-off-state sign-off-out-of-date"> — out of date: the design changed after this sign-off</strong>
            )}
            {onRemove && (
              <>
                {' '}
                <button type="button" className="link-button" aria-label={`Remove the sign-off by ${entry.reviewer}`} onClick={() => onRemove(entry.reviewer)}>
                  Remove
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

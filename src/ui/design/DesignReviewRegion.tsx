import { acceptanceNoteProblem, describeSubject, storedKeysForDesign } from '../../state/design/review';
import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import type { Design, ReviewedFinding, ReviewSeverity } from '../../design';
import { resolveDesignBinding, type DesignReview, type DesignReviewStore } from '../../state';
import { MessageSpans, VisibleText } from '../common/VisibleText';
import { useSettledDesign } from './useSettledDesign';
import { jumpTargetId } from './jumpTargets';
import { useAppStores, useBuiltExplorerSide, useDesignBindings, useDesigns, useStoreIfBuilt } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { reviewStoreOf } from './reviewStoreOf';
import './designReview.css';

const SEVERITIES: readonly ReviewSeverity[] = ['error', 'warning', 'note'];
const SEVERITY_LABEL: Readonly<Record<ReviewSeverity, string>> = { error: 'Error', warning: 'Warning', note: 'Note' };
const SEVERITY_PLURAL: Readonly<Record<ReviewSeverity, [string, string]>> = { error: ['error', 'errors'], warning: ['warning', 'warnings'], note: ['note', 'notes'] };

function countText(count: number, [one, many]: readonly [string, string]): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * The Design review region: the open design's findings, recomputed as it
 * changes (deferred, so typing in a template stays responsive while the rules
 * run), each with its code, severity, subject, the design's own samples that
 * show it, the suggestion and a fix button where one exists; findings can be
 * accepted with a note, kept in the design.
 */
export function DesignReviewRegion({ designId, design }: DesignRegionProps) {
  const { designs } = useAppStores();
  const store = reviewStoreOf(designs);
  const headingId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState<ReviewSeverity | 'all'>('all');
  const storedKeys = useStoredKeys(designId);
  // The review of the design as it was when typing paused (then of the last one React had time for): a keystroke renders the old findings at once.
  const reviewed = useDeferredValue(useSettledDesign(designId, design));
  const reviewedKeys = useDeferredValue(storedKeys);
  const review = store.getState().reviewOf(reviewed, reviewedKeys);
  const updating = reviewed !== design || reviewedKeys !== storedKeys;

  return (
    <section className="card design-review" aria-labelledby={headingId} aria-busy={updating}>
      <h2 id={headingId}>Design review</h2>
      <p className="muted small">
        Checks of the design’s key order, sizes and access patterns, shown with its own samples. Accepted findings are kept in the design with their note (saved, exported and shared with it).
      </p>
      <div className="review-toolbar">
        <p className="review-counts" role="status">
          <CountsText review={review} />
        </p>
        <label htmlFor={filterId}>Show</label>
        <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value as ReviewSeverity | 'all')}>
          <option value="all">All severities</option>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {SEVERITY_PLURAL[severity][1].replace(/^./, (first) => first.toUpperCase())} only
            </option>
          ))}
        </select>
      </div>
      <ReviewLists designId={designId} design={reviewed} review={review} filter={filter} store={store} />
    </section>
  );
}

/**
 * The keys of the items the explorer has loaded, when its table is bound to
 * a table of this design (for the rules that compare design and data). A new
 * list only when the items or the bound table change, so an acceptance does
 * not re-run the rules.
 */
const NO_ITEMS: readonly never[] = [];

export function useStoredKeys(designId: string) {
  // The explorer's items only once the explorer was shown (this region doesn't load it).
  const explorer = useBuiltExplorerSide()?.explorer;
  const items = useStoreIfBuilt(explorer, (state) => state.items, NO_ITEMS);
  const tableSummary = useStoreIfBuilt(explorer, (state) => state.table, undefined);
  const choice = useDesignBindings((state) => (tableSummary ? state.choices[tableSummary.name] : undefined));
  const saved = useDesigns((state) => state.designs);
  const binding = useMemo(() => resolveDesignBinding(saved, choice, tableSummary), [saved, choice, tableSummary]);
  const boundDesignId = binding?.designId;
  const boundTable = binding?.table;
  return useMemo(
    () => storedKeysForDesign(designId, boundDesignId !== undefined && boundTable ? { designId: boundDesignId, table: boundTable } : undefined, items),
    [designId, boundDesignId, boundTable, items],
  );
}

function CountsText({ review }: { review: DesignReview }) {
  const open = SEVERITIES.map((severity) => countText(review.counts[severity], SEVERITY_PLURAL[severity])).join(' · ');
  return (
    <>
      <span>{open}</span>
      {review.acceptedCount > 0 && <span> · {review.acceptedCount.toLocaleString('en-US')} accepted</span>}
    </>
  );
}

interface ReviewListsProps {
  readonly designId: string;
  readonly design: Design;
  readonly review: DesignReview;
  readonly filter: ReviewSeverity | 'all';
  readonly store: DesignReviewStore;
}

/** Memoised on the review: the urgent render of a keystroke (old review, new design prop) skips the lists. */
const ReviewLists = memo(function ReviewLists({ designId, design, review, filter, store }: ReviewListsProps) {
  const acceptedHeadingId = useId();
  const staleHeadingId = useId();
  const shown = review.findings.filter((finding) => filter === 'all' || finding.severity === filter);
  const open = shown.map((finding, order) => ({ finding, order })).filter(({ finding }) => !finding.accepted);
  const accepted = shown.map((finding, order) => ({ finding, order })).filter(({ finding }) => finding.accepted);
  const item = ({ finding, order }: { finding: ReviewedFinding; order: number }) => (
    // Two findings could share an id (a rule's bug): the position keeps React's keys unique.
    <FindingItem key={`${finding.id}\u0000${order}`} designId={designId} design={design} finding={finding} store={store} />
  );
  return (
    <>
      {review.findings.length === 0 ? (
        <p className="review-empty">No findings: the review rules found nothing to flag in this design.</p>
      ) : open.length === 0 ? (
        <p className="review-empty">No findings: {filter === 'all' ? 'every finding is accepted.' : `no open ${SEVERITY_PLURAL[filter][1]}.`}</p>
      ) : (
        <ul className="review-list" aria-label="Open findings">
          {open.map(item)}
        </ul>
      )}
      {accepted.length > 0 && (
        <section className="review-accepted" aria-labelledby={acceptedHeadingId}>
          <h3 id={acceptedHeadingId}>Accepted ({accepted.length.toLocaleString('en-US')})</h3>
          <ul className="review-list">{accepted.map(item)}</ul>
        </section>
      )}
      {review.staleAcceptances.length > 0 && (
        <section className="review-stale" aria-labelledby={staleHeadingId}>
          <h3 id={staleHeadingId}>Accepted, no longer found ({review.staleAcceptances.length.toLocaleString('en-US')})</h3>
          <p className="muted small">The design changed since these were accepted: the findings are gone. Their notes stay in the design until removed.</p>
          <ul className="review-stale-list">
            {review.staleAcceptances.map((entry, order) => (
              <li key={`${entry.id}\u0000${order}`}>
                <code className="review-code">
                  <VisibleText text={entry.code} />
                </code>{' '}
                <VisibleText className="review-note-text" text={entry.note} />{' '}
                <button type="button" className="link-button" aria-label={`Remove acceptance of ${entry.code}`} onClick={() => store.getState().unacceptFinding(designId, entry.id)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});

interface FindingItemProps {
  readonly designId: string;
  readonly design: Design;
  readonly finding: ReviewedFinding;
  readonly store: DesignReviewStore;
}

function FindingItem({ designId, design, finding, store }: FindingItemProps) {
  // The overview's finding links land on this head (its severity, code and subject).
  const headId = jumpTargetId({ kind: 'finding', finding: finding.id });
  const [fixProblem, setFixProblem] = useState<string | undefined>(undefined);
  const [noteOpen, setNoteOpen] = useState(false);
  const fix = finding.fix;
  return (
    <li className={`review-finding review-${finding.severity}${finding.accepted ? ' review-is-accepted' : ''}`} aria-labelledby={headId}>
      <div className="review-finding-head" id={headId}>
        <span className={`review-severity review-severity-${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span> <code className="review-code">{finding.code}</code>{' '}
        <span className="review-subject">
          {describeSubject(design, finding.subject).map((part, index) => (
            <span key={index} className="review-subject-part">
              {index > 0 && <span aria-hidden="true"> · </span>}
              <span className="muted">{part.label}</span> <VisibleText text={part.text} />
            </span>
          ))}
        </span>
      </div>
      <p className="review-message">
        <MessageSpans text={finding.message} />
      </p>
      {finding.evidence.length > 0 && (
        <dl className="review-evidence" aria-label="Evidence from the samples">
          {finding.evidence.map((line, index) => (
            <div key={index} className="review-evidence-line">
              <dt>
                <MessageSpans text={line.label} />
              </dt>
              <dd>
                <code>
                  <VisibleText text={line.text} />
                </code>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="review-suggestion">
        <span className="muted">Suggestion:</span> <MessageSpans text={finding.suggestion} />
      </p>
      {finding.accepted && !noteOpen ? (
        <div className="review-acceptance">
          <span className="review-accepted-badge">Accepted</span> <span className="muted">Note:</span> <VisibleText className="review-note-text" text={finding.accepted.note} />
          <div className="button-row">
            <button type="button" onClick={() => setNoteOpen(true)}>
              Edit note
            </button>
            <button type="button" onClick={() => store.getState().unacceptFinding(designId, finding.id)}>
              Undo accept
            </button>
          </div>
        </div>
      ) : noteOpen ? (
        <NoteForm
          initial={finding.accepted?.note ?? ''}
          onCancel={() => setNoteOpen(false)}
          onSave={(note) => {
            const state = store.getState();
            const result = finding.accepted ? state.editAcceptanceNote(designId, finding.id, note) : state.acceptFinding(designId, finding, note);
            if (result.ok) setNoteOpen(false);
            return result.ok ? undefined : result.message;
          }}
        />
      ) : (
        <div className="button-row">
          {fix && (
            <button
              type="button"
              className="primary"
              onClick={() => {
                const result = store.getState().applyFix(designId, finding);
                setFixProblem(result.ok ? undefined : result.message);
              }}
            >
              <MessageSpans text={fix.label} />
            </button>
          )}
          <button type="button" onClick={() => setNoteOpen(true)}>
            Accept
          </button>
        </div>
      )}
      {fixProblem && (
        <p className="field-error" role="alert">
          <VisibleText text={fixProblem} />
        </p>
      )}
    </li>
  );
}

/** The note an acceptance is kept with: Save checks it is not empty; Cancel leaves the finding as it was. */
function NoteForm({ initial, onSave, onCancel }: { initial: string; onSave: (note: string) => string | undefined; onCancel: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const [note, setNote] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className="review-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(acceptanceNoteProblem(note) ?? onSave(note));
      }}
    >
      <label htmlFor={inputId}>Note</label>
      <textarea
        id={inputId}
        value={note}
        rows={2}
        // The form opens on a click of Accept: typing goes straight to the note.
        autoFocus
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? errorId : undefined}
        placeholder="Why this is fine for this design"
        onChange={(event) => {
          setNote(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {problem && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
      <div className="button-row">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

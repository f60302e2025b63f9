import { describeSubject, storedKeysForDesign } from '../../state/design/review';
import { memo, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { DECISION_KIND_LABELS, FINDING_DECISION_KINDS, type Design, type ReviewCode, type ReviewedFinding, type ReviewSeverity } from '../../design';
import { READ_ONLY_DESIGN_ID, resolveDesignBinding, type DesignReview, type DesignReviewStore } from '../../state';
import { MessageSpans, VisibleText } from '../common/VisibleText';
import { useSettledDesign } from './useSettledDesign';
import { jumpTargetId } from './jumpTargets';
import { useAppStores, useBuiltExplorerSide, useDesignBindings, useDesigns, useStoreIfBuilt } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { reviewStoreOf } from './reviewStoreOf';
import { FindingDecision } from './FindingDecision';
import { ReviewerNameField, SignOffList, SignOffRegion } from './SignOffRegion';
import './designReview.css';

const SEVERITIES: readonly ReviewSeverity[] = ['error', 'warning', 'note'];
const SEVERITY_LABEL: Readonly<Record<ReviewSeverity, string>> = { error: 'Error', warning: 'Warning', note: 'Note' };
const SEVERITY_PLURAL: Readonly<Record<ReviewSeverity, [string, string]>> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  note: ['note', 'notes'],
};

function countText(count: number, [one, many]: readonly [string, string]): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * The Design review region: the open design's findings, recomputed as it
 * changes (deferred, so typing in a template stays responsive while the rules
 * run), each with its code, severity, subject, the design's own samples that
 * show it, the suggestion and a fix button where one exists; findings can be
 * accepted, or marked won't fix or fix later, with a comment and the
 * reviewer's name, kept in the design; reviewers sign the design off.
 */
export function DesignReviewRegion({ designId, design, readOnly = false }: DesignRegionProps) {
  const { designs } = useAppStores();
  const store = reviewStoreOf(designs);
  const headingId = useId();
  const filterId = useId();
  const signOffHeadingId = useId();
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
        Checks of the design’s key order, sizes and access patterns, shown with its own samples. Decisions (accepted, won’t fix, fix later) are kept in the
        design with their comment, who and when (saved, exported and shared with it).
      </p>
      {!readOnly && <ReviewerNameField />}
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
      <ReviewLists designId={designId} design={reviewed} review={review} filter={filter} store={store} readOnly={readOnly} />
      {readOnly ? (
        // The sign-offs the design carries, current or out of date; nobody signs a design they have not copied.
        <section className="review-sign-off" aria-labelledby={signOffHeadingId}>
          <h3 id={signOffHeadingId}>Sign-off</h3>
          <SignOffList design={reviewed} />
        </section>
      ) : (
        <SignOffRegion designId={designId} design={reviewed} store={store} />
      )}
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
  // A design shown from a share link is judged on its own samples: the receiver's loaded items are not its data.
  const shown = designId === READ_ONLY_DESIGN_ID;
  return useMemo(
    () =>
      shown
        ? undefined
        : storedKeysForDesign(designId, boundDesignId !== undefined && boundTable ? { designId: boundDesignId, table: boundTable } : undefined, items),
    [shown, designId, boundDesignId, boundTable, items],
  );
}

function CountsText({ review }: { review: DesignReview }) {
  const open = SEVERITIES.map((severity) => countText(review.counts[severity], SEVERITY_PLURAL[severity])).join(' · ');
  return (
    <>
      <span>{open}</span>
      {FINDING_DECISION_KINDS.filter((kind) => review.decidedCounts[kind] > 0).map((kind) => (
        <span key={kind}>
          {' '}
          · {review.decidedCounts[kind].toLocaleString('en-US')} {DECISION_KIND_LABELS[kind].toLowerCase()}
        </span>
      ))}
    </>
  );
}

interface ReviewListsProps {
  readonly designId: string;
  readonly design: Design;
  readonly review: DesignReview;
  readonly filter: ReviewSeverity | 'all';
  readonly store: DesignReviewStore;
  readonly readOnly: boolean;
}

/** Memoised on the review: the urgent render of a keystroke (old review, new design prop) skips the lists. */
const ReviewLists = memo(function ReviewLists({ designId, design, review, filter, store, readOnly }: ReviewListsProps) {
  const staleHeadingId = useId();
  const shown = review.findings.filter((finding) => filter === 'all' || finding.severity === filter).map((finding, order) => ({ finding, order }));
  const open = shown.filter(({ finding }) => !finding.decision);
  const item = ({ finding, order }: { finding: ReviewedFinding; order: number }) => (
    // Two findings could share an id (a rule's bug): the position keeps React's keys unique.
    <FindingItem key={`${finding.id}\u0000${order}`} designId={designId} design={design} finding={finding} store={store} readOnly={readOnly} />
  );
  return (
    <>
      {review.findings.length === 0 ? (
        <p className="review-empty">No findings: the review rules found nothing to flag in this design.</p>
      ) : open.length === 0 ? (
        <p className="review-empty">No findings: {filter === 'all' ? 'every finding is decided.' : `no open ${SEVERITY_PLURAL[filter][1]}.`}</p>
      ) : (
        <ul className="review-list" aria-label="Open findings">
          {open.map(item)}
        </ul>
      )}
      {FINDING_DECISION_KINDS.map((kind) => (
        <DecidedList key={kind} label={DECISION_KIND_LABELS[kind]} items={shown.filter(({ finding }) => finding.decision?.kind === kind)} render={item} />
      ))}
      {review.staleDecisions.length > 0 && (
        <section className="review-stale" aria-labelledby={staleHeadingId}>
          <h3 id={staleHeadingId}>Decided, no longer found ({review.staleDecisions.length.toLocaleString('en-US')})</h3>
          <p className="muted small">The design changed since these were decided: the findings are gone. Their decisions stay in the design until removed.</p>
          <ul className="review-stale-list">
            {review.staleDecisions.map((entry, order) => (
              <li key={`${entry.id}\u0000${order}`}>
                {DECISION_KIND_LABELS[entry.kind]}{' '}
                <code className="review-code">
                  <VisibleText text={entry.code} />
                </code>{' '}
                <VisibleText className="review-note-text" text={entry.comment} />{' '}
                {!readOnly && (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove decision on ${entry.code}`}
                    onClick={() => store.getState().withdrawDecision(designId, entry.id)}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});

/** The findings decided one way (Accepted, Won't fix, Fix later), under their own heading; nothing when none. */
function DecidedList({
  label,
  items,
  render,
}: {
  label: string;
  items: readonly { finding: ReviewedFinding; order: number }[];
  render: (entry: { finding: ReviewedFinding; order: number }) => ReactNode;
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="review-accepted" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {label} ({items.length.toLocaleString('en-US')})
      </h3>
      <ul className="review-list">{items.map(render)}</ul>
    </section>
  );
}

interface FindingItemProps {
  readonly designId: string;
  readonly design: Design;
  readonly finding: ReviewedFinding;
  readonly store: DesignReviewStore;
  readonly readOnly: boolean;
}

/** The finding whose fix opens the Multi-attribute conversion preview (Apply or Cancel there) instead of editing at once. */
const MULTI_ATTRIBUTE_CODE: ReviewCode = 'review.multiAttributeGsiKey';

function FindingItem({ designId, design, finding, store, readOnly }: FindingItemProps) {
  // The overview's finding links land on this head (its severity, code and subject).
  const headId = jumpTargetId({ kind: 'finding', finding: finding.id });
  const [fixProblem, setFixProblem] = useState<string | undefined>(undefined);
  const { multiAttributeConversion } = useAppStores();
  const fix = finding.fix;
  const convertIndex = finding.code === MULTI_ATTRIBUTE_CODE ? finding.subject.index : undefined;
  return (
    <li className={`review-finding review-${finding.severity}${finding.decision ? ' review-is-accepted' : ''}`} aria-labelledby={headId}>
      <div className="review-finding-head" id={headId}>
        <span className={`review-severity review-severity-${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span>{' '}
        <code className="review-code">{finding.code}</code>{' '}
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
      <FindingDecision designId={designId} finding={finding} store={store} readOnly={readOnly}>
        {convertIndex !== undefined && !readOnly && (
          <button type="button" className="primary" onClick={() => multiAttributeConversion.getState().open(designId, finding.subject.table, convertIndex)}>
            <MessageSpans text={fix?.label ?? 'Convert to multi-attribute key'} />
          </button>
        )}
        {fix && !readOnly && convertIndex === undefined && (
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
      </FindingDecision>
      {fixProblem && (
        <p className="field-error" role="alert">
          <VisibleText text={fixProblem} />
        </p>
      )}
    </li>
  );
}

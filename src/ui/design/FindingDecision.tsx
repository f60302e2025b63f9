import { useId, useState, type ReactNode } from 'react';
import { DECISION_KIND_LABELS, describeReviewDate, FINDING_DECISION_KINDS, type FindingDecisionKind, type ReviewedFinding } from '../../design';
import type { DesignReviewStore } from '../../state';
import { VisibleText } from '../common/VisibleText';

/**
 * A finding's decision in the Design review: Accept, Won't fix or Fix later,
 * each with a comment (kept in the design, with who decided and when); a
 * decided finding shows the decision and can have its comment edited or be
 * reopened. Read-only (a shared link): the decision, no buttons.
 */

interface FindingDecisionProps {
  readonly designId: string;
  readonly finding: ReviewedFinding;
  readonly store: DesignReviewStore;
  readonly readOnly?: boolean;
  /** Buttons shown before the decision buttons on an open finding (its one-click fix). */
  readonly children?: ReactNode;
}

export function FindingDecision({ designId, finding, store, readOnly = false, children }: FindingDecisionProps) {
  // The kind being decided (the form is open), or undefined.
  const [deciding, setDeciding] = useState<FindingDecisionKind | undefined>(undefined);
  const decision = finding.decision;
  if (deciding) {
    return (
      <DecisionForm
        kind={deciding}
        initial={decision?.comment ?? ''}
        onCancel={() => setDeciding(undefined)}
        onSave={(comment) => {
          const result = store.getState().decideFinding(designId, finding, deciding, comment);
          if (result.ok) setDeciding(undefined);
          return result.ok ? undefined : result.message;
        }}
      />
    );
  }
  if (decision) {
    const when = describeReviewDate(decision.decidedAt);
    return (
      <div className="review-acceptance">
        <span className={`review-accepted-badge review-decision-${decision.kind}`}>{DECISION_KIND_LABELS[decision.kind]}</span>{' '}
        <span className="muted">Comment:</span> <VisibleText className="review-note-text" text={decision.comment} />
        {(decision.decidedBy !== '' || when !== '') && (
          <span className="review-decided-by muted">
            {' '}
            — {decision.decidedBy !== '' && <VisibleText text={decision.decidedBy} />}
            {decision.decidedBy !== '' && when !== '' && ', '}
            {when !== '' && <time dateTime={decision.decidedAt}>{when}</time>}
          </span>
        )}
        {!readOnly && (
          <div className="button-row">
            <button type="button" onClick={() => setDeciding(decision.kind)}>
              Edit comment
            </button>
            <button type="button" onClick={() => store.getState().withdrawDecision(designId, finding.id)}>
              Reopen
            </button>
          </div>
        )}
      </div>
    );
  }
  if (readOnly) return children ? <div className="button-row">{children}</div> : null;
  return (
    <div className="button-row">
      {children}
      {FINDING_DECISION_KINDS.map((kind) => (
        <button key={kind} type="button" onClick={() => setDeciding(kind)}>
          {kind === 'accepted' ? 'Accept' : DECISION_KIND_LABELS[kind]}
        </button>
      ))}
    </div>
  );
}

const PLACEHOLDERS: Readonly<Record<FindingDecisionKind, string>> = {
  accepted: 'Why this is fine for this design',
  wontFix: 'Why this will not be fixed',
  fixLater: 'When or by whom it will be fixed',
};

/** The comment a decision is kept with: Save checks it (and the reviewer's name); Cancel leaves the finding as it was. */
function DecisionForm({
  kind,
  initial,
  onSave,
  onCancel,
}: {
  kind: FindingDecisionKind;
  initial: string;
  onSave: (comment: string) => string | undefined;
  onCancel: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [comment, setComment] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className="review-note-form"
      aria-label={`${DECISION_KIND_LABELS[kind]}: comment`}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(onSave(comment));
      }}
    >
      <label htmlFor={inputId}>
        Comment <span className="muted">({DECISION_KIND_LABELS[kind]})</span>
      </label>
      <textarea
        id={inputId}
        value={comment}
        rows={2}
        // The form opens on a click of a decision button: typing goes straight to the comment.
        autoFocus
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? errorId : undefined}
        placeholder={PLACEHOLDERS[kind]}
        onChange={(event) => {
          setComment(event.target.value);
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

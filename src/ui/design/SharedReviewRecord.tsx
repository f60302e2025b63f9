import { useId } from 'react';
import { DECISION_KIND_LABELS, describeReviewDate, type Design } from '../../design';
import { VisibleText } from '../common/VisibleText';
import { SignOffList } from './SignOffRegion';

/**
 * A shared design's review record, read-only: the decisions on its findings
 * (kind, comment, who, when) and its sign-offs, current or out of date.
 * Every text is the link's, rendered as text.
 */
export function SharedReviewRecord({ design }: { readonly design: Design }) {
  const decisionsId = useId();
  const signOffId = useId();
  const decisions = design.decisions ?? [];
  return (
    <>
      {decisions.length > 0 && (
        <section className="card" aria-labelledby={decisionsId}>
          <h3 id={decisionsId}>Decided findings</h3>
          <ul>
            {decisions.map((entry) => {
              const when = describeReviewDate(entry.decidedAt);
              return (
                <li key={entry.id}>
                  <strong>{DECISION_KIND_LABELS[entry.kind]}</strong> <VisibleText className="mono" text={entry.code} />: <VisibleText text={entry.comment} />
                  {entry.decidedBy !== '' && (
                    <span className="muted">
                      {' '}
                      — <VisibleText text={entry.decidedBy} />
                    </span>
                  )}
                  {when !== '' && <span className="muted">, {when}</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {(design.signOffs ?? []).length > 0 && (
        <section className="card" aria-labelledby={signOffId}>
          <h3 id={signOffId}>Sign-off</h3>
          <SignOffList design={design} />
        </section>
      )}
    </>
  );
}

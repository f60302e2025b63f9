import { DECISION_KIND_LABELS, type ClosingSlide } from '../../design';
import { VisibleText } from '../common/VisibleText';
import { SlideTitle } from './SlideTitle';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The closing slide: the meeting's record — each decision (kind, the finding,
 * the comment, who and when) and each sign-off (reviewer, date, revision,
 * current or out of date). Comments and names are design data: text only.
 */
export function ClosingSlideView({ slide, titleId }: { slide: ClosingSlide; titleId: string }) {
  const kicker = [
    `Revision ${slide.revision}`,
    plural(slide.decisionCount, 'decision'),
    ...(slide.undecidedCount > 0 ? [`${plural(slide.undecidedCount, 'finding')} without a decision`] : []),
  ].join(' · ');
  return (
    <div className="slide">
      <SlideTitle id={titleId} text={slide.pageCount > 1 ? `${slide.title} (${slide.page} of ${slide.pageCount})` : slide.title} kicker={kicker} />
      {slide.decisions.length > 0 ? (
        <ul className="slide-decisions" aria-label="Decisions">
          {slide.decisions.map((decision) => (
            <li key={decision.findingId} className={`slide-decision ${decision.kind}`}>
              <p className="slide-finding-head">
                <span className={`slide-decision-kind ${decision.kind}`}>{DECISION_KIND_LABELS[decision.kind]}</span>{' '}
                <code className="slide-code">{decision.code}</code>{' '}
                <span className="slide-muted">{decision.finding ? <VisibleText text={decision.finding.subject} /> : 'no longer raised by the review'}</span>
              </p>
              {decision.comment !== '' && (
                <p className="slide-decision-comment">
                  <VisibleText text={decision.comment} />
                </p>
              )}
              {(decision.decidedBy !== '' || decision.decidedAt !== '') && (
                <p className="slide-muted">
                  {decision.decidedBy !== '' && <VisibleText text={decision.decidedBy} />}
                  {decision.decidedBy !== '' && decision.decidedAt !== '' && ' · '}
                  {decision.decidedAt}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="slide-muted">No finding has a decision recorded.</p>
      )}
      {slide.page === 1 && (
        <section aria-label="Sign-offs" className="slide-signoffs">
          <h3>Sign-off</h3>
          {slide.signOffs.length > 0 ? (
            <ul aria-label="Reviewers">
              {slide.signOffs.map((entry) => (
                <li key={entry.reviewer}>
                  <strong>
                    <VisibleText text={entry.reviewer} />
                  </strong>{' '}
                  <span className="slide-muted">
                    revision {entry.revision} · {entry.signedAt}
                  </span>{' '}
                  <span className={`slide-pill ${entry.current ? 'passes' : 'fails'}`}>
                    {entry.current ? '✓ current' : '✗ out of date: the design changed since'}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="slide-muted">No reviewer has signed off revision {slide.revision} yet.</p>
          )}
        </section>
      )}
    </div>
  );
}

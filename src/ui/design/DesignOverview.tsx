import { describeSubject } from '../../state/design/review';
import { useDeferredValue, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { glanceAtCollections, type CollectionGlance, type Design, type ReviewedFinding, type ReviewSeverity, type TableDesign } from '../../design';
import type { DesignReview, PatternRunOutcome } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import { useStoredKeys } from './DesignReviewRegion';
import { focusJumpTarget, jumpTargetId, type JumpTarget } from './jumpTargets';
import { reviewStoreOf } from './reviewStoreOf';
import { usePatternVerdicts, type PatternVerdicts } from './usePatternVerdicts';
import { useSettledDesign } from './useSettledDesign';
import './designOverview.css';

/** How many open findings the overview lists (most severe first); the rest are counted and a jump away. */
export const OVERVIEW_FINDINGS = 5;

const SEVERITIES: readonly ReviewSeverity[] = ['error', 'warning', 'note'];
const SEVERITY_LABEL: Readonly<Record<ReviewSeverity, string>> = { error: 'Error', warning: 'Warning', note: 'Note' };
const SEVERITY_WORDS: Readonly<Record<ReviewSeverity, readonly [string, string]>> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  note: ['note', 'notes'],
};

/*
 * What the review decided, read in one place: a finding is decided by a
 * recorded decision (accepted, won't fix or fix later), each counted.
 */
const isDecided = (finding: ReviewedFinding) => finding.decision !== undefined;
const decidedCount = (review: DesignReview) => review.decidedCounts.accepted + review.decidedCounts.wontFix + review.decidedCounts.fixLater;

const counted = (count: number, [one, many]: readonly [string, string]) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export interface DesignOverviewProps extends DesignRegionProps {
  /** The shared-link page: nothing on it edits the design. */
  readonly readOnly?: boolean;
  /**
   * Takes a link's jump (choose the table, open the entity, then focus the
   * target); default: focus the target's element when it is on the page.
   */
  readonly onJump?: (target: JumpTarget) => void;
}

/**
 * The Design overview region: what a review meeting opens on, on one
 * screen. The review's counts and its most severe open findings, every
 * access pattern's verdict, each table's item collections at a glance
 * (entities in stored order; where the naive keys or the intended order
 * differ), and a jump list to every table, entity, pattern and finding.
 * Its review is the Design review region's (the same store, design and
 * stored keys), its verdicts the Access patterns region's run.
 */
export function DesignOverview({ designId, design, readOnly = false, onJump }: DesignOverviewProps) {
  const { designs } = useAppStores();
  const headingId = useId();
  const storedKeys = useStoredKeys(designId);
  // The review of the design as typing paused (as the Design review region has it): a keystroke does not run the rules.
  const reviewed = useDeferredValue(useSettledDesign(designId, design));
  const reviewedKeys = useDeferredValue(storedKeys);
  const review = reviewStoreOf(designs).getState().reviewOf(reviewed, reviewedKeys);
  const verdicts = usePatternVerdicts(designId, design);
  // The collections follow a pause in typing only (not the settle's 2 s cap while typing goes on): building them
  // replaces the item collection's last merge, which the Item collection region's next keystroke would then redo whole.
  const [glancedTables, setGlancedTables] = useState(reviewed.tables);
  if (reviewed === design && glancedTables !== reviewed.tables) setGlancedTables(reviewed.tables);
  const glances = useMemo(() => glancedTables.map((table) => ({ table, collections: glanceAtCollections(table) })), [glancedTables]);
  const jump = (target: JumpTarget) => (event: MouseEvent) => {
    event.preventDefault();
    if (onJump) onJump(target);
    else void focusJumpTarget(jumpTargetId(target));
  };
  const link = (target: JumpTarget, children: ReactNode, className?: string) => (
    <a href={`#${jumpTargetId(target)}`} onClick={jump(target)} className={className}>
      {children}
    </a>
  );

  return (
    <section id={jumpTargetId({ kind: 'overview' })} tabIndex={-1} className="card design-overview" aria-labelledby={headingId} aria-busy={reviewed !== design}>
      <div className="overview-head">
        <h2 id={headingId}>Design overview</h2>
        <span className="overview-design-name">
          <VisibleText text={design.name} />
        </span>
        {readOnly && <span className="muted">read-only</span>}
      </div>
      <div className="overview-grid">
        <FindingsBlock design={reviewed} review={review} link={link} />
        <VerdictsBlock design={design} verdicts={verdicts} link={link} />
        <CollectionsBlock glances={glances} link={link} />
      </div>
      <JumpList design={design} findings={review.findings} link={link} />
    </section>
  );
}

type LinkMaker = (target: JumpTarget, children: ReactNode, className?: string) => ReactNode;

function subjectText(design: Design, finding: ReviewedFinding): string {
  return describeSubject(design, finding.subject)
    .map((part) => part.text)
    .join(' · ');
}

function FindingsBlock({ design, review, link }: { design: Design; review: DesignReview; link: LinkMaker }) {
  const headingId = useId();
  const open = review.findings.filter((finding) => !isDecided(finding));
  const shown = open.slice(0, OVERVIEW_FINDINGS);
  return (
    <div className="overview-block" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>Review</h3>
      <p className="overview-counts">
        {SEVERITIES.map((severity) => (
          <span key={severity} className={`overview-count${review.counts[severity] > 0 ? ` overview-count-${severity}` : ''}`}>
            {counted(review.counts[severity], SEVERITY_WORDS[severity])}
          </span>
        ))}
        <span className="overview-open-word">open</span>
        <span className={`overview-count${decidedCount(review) > 0 ? ' overview-count-decided' : ''}`}>
          {decidedCount(review).toLocaleString('en-US')} decided
        </span>
      </p>
      {open.length === 0 ? (
        <p className="muted">{review.findings.length === 0 ? 'No findings.' : 'No open findings: every finding is decided.'}</p>
      ) : (
        <ol className="overview-findings" aria-label="Most severe open findings">
          {shown.map((finding, order) => (
            <li key={`${finding.id}\u0000${order}`}>
              {link(
                { kind: 'finding', finding: finding.id },
                <>
                  <span className={`review-severity review-severity-${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span> <code>{finding.code}</code>{' '}
                  <VisibleText className="overview-subject" text={subjectText(design, finding)} />
                </>,
              )}
            </li>
          ))}
        </ol>
      )}
      {open.length > shown.length && <p className="overview-small">{link({ kind: 'findings' }, `All ${open.length.toLocaleString('en-US')} open findings`)}</p>}
    </div>
  );
}

function passCount(table: TableDesign, outcomes: Readonly<Record<string, PatternRunOutcome>> | undefined): number {
  return table.accessPatterns.filter((pattern) => outcomes?.[pattern.id]?.verdict === 'passes').length;
}

function VerdictsBlock({ design, verdicts, link }: { design: Design; verdicts: PatternVerdicts; link: LinkMaker }) {
  const headingId = useId();
  const total = design.tables.reduce((sum, table) => sum + table.accessPatterns.length, 0);
  const passing = design.tables.reduce((sum, table) => sum + passCount(table, verdicts.byTable[table.name]), 0);
  const judged = design.tables.every((table) => table.accessPatterns.length === 0 || verdicts.byTable[table.name] !== undefined);
  return (
    <div className="overview-block" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>Access pattern verdicts</h3>
      <p className="overview-status" role="status">
        {total === 0
          ? 'No access patterns yet.'
          : (verdicts.problem ??
            (verdicts.waiting ? 'Not run yet: the design is large.' : judged ? `${passing} of ${total} pass.` : 'Running the access patterns…'))}
      </p>
      {verdicts.waiting && (
        <button type="button" onClick={verdicts.run}>
          Show verdicts
        </button>
      )}
      {design.tables
        .filter((table) => table.accessPatterns.length > 0)
        .map((table) => (
          <div key={table.name}>
            {design.tables.length > 1 && (
              <h4 className="overview-table-name">
                <VisibleText text={table.name} />
              </h4>
            )}
            <ul className="overview-verdicts">
              {table.accessPatterns.map((pattern) => {
                const outcome = verdicts.byTable[table.name]?.[pattern.id];
                return (
                  <li key={pattern.id}>
                    <span className={`overview-verdict ${outcome?.verdict ?? 'pending'}`}>
                      {outcome?.verdict ?? (verdicts.waiting ? 'not run' : 'running')}
                    </span>{' '}
                    {link({ kind: 'pattern', table: table.name, pattern: pattern.id }, <VisibleText text={pattern.name} />)}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
    </div>
  );
}

function runsText(runs: CollectionGlance['stored']): string {
  return runs.map((run) => (run.count === 1 ? run.entity : `${run.entity} ×${run.count}`)).join(' → ');
}

function CollectionsBlock({ glances, link }: { glances: readonly { table: TableDesign; collections: readonly CollectionGlance[] }[]; link: LinkMaker }) {
  const headingId = useId();
  return (
    <div className="overview-block" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>Item collections at a glance</h3>
      {glances.map(({ table, collections }) => (
        <div key={table.name} className="overview-table">
          <h4 className="overview-table-name">{link({ kind: 'table', table: table.name }, <VisibleText text={table.name} />)}</h4>
          {collections.length === 0 && <p className="muted overview-small">No item collection: no sort key, or no sample encodes.</p>}
          <ul className="overview-collections">
            {collections.map((glance) => (
              <li key={glance.index ?? ''}>
                <span className="muted overview-small">
                  {glance.index === undefined ? 'Table' : <VisibleText text={`Index ${glance.index}`} />} ·{' '}
                  <VisibleText className="mono" text={glance.partition.map((part) => part.text).join(' · ')} /> · {glance.itemCount} item
                  {glance.itemCount === 1 ? '' : 's'}
                </span>
                <div>
                  <span className="muted">Stored:</span> <VisibleText text={runsText(glance.stored)} />
                </div>
                {glance.naive && (
                  <div>
                    <span className="muted">Naive keys:</span> <VisibleText text={runsText(glance.naive)} />
                  </div>
                )}
                <OrderNote glance={glance} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Where the stored order and the naive keys stand against the intended order. */
function OrderNote({ glance }: { glance: CollectionGlance }) {
  const { intendedOutOfPlaceCount: stored, naiveOutOfPlaceCount: naive, naiveIntendedOutOfPlaceCount: naiveIntended, itemCount, unencodableCount } = glance;
  return (
    <div className="overview-order-note">
      {stored > 0 ? (
        <span className="overview-bad">{stored} stored out of intended order.</span>
      ) : (
        <span className="overview-ok">Stored in intended order.</span>
      )}{' '}
      {naive > 0 ? (
        <span className="muted">
          The naive keys would put {naive} of {itemCount} elsewhere{naiveIntended > 0 ? ` (${naiveIntended} out of intended order)` : ''}.
        </span>
      ) : (
        <span className="muted">The naive keys agree.</span>
      )}
      {unencodableCount > 0 && <span className="overview-bad"> {unencodableCount} samples don’t encode.</span>}
    </div>
  );
}

function JumpList({ design, findings, link }: { design: Design; findings: readonly ReviewedFinding[]; link: LinkMaker }) {
  const several = design.tables.length > 1;
  const named = (table: TableDesign, name: string) => (several ? `${table.name} · ${name}` : name);
  return (
    <nav className="overview-jump" aria-label="Jump to">
      <h3>Jump to</h3>
      <JumpGroup label="Tables">
        {design.tables.map((table) => (
          <li key={table.name}>{link({ kind: 'table', table: table.name }, <VisibleText text={table.name} />)}</li>
        ))}
      </JumpGroup>
      <JumpGroup label="Entities">
        {design.tables.flatMap((table) =>
          table.entities.map((entity) => (
            <li key={`${table.name}\u0000${entity.name}`}>
              {link({ kind: 'entity', table: table.name, entity: entity.name }, <VisibleText text={named(table, entity.name)} />)}
            </li>
          )),
        )}
      </JumpGroup>
      <JumpGroup label="Patterns">
        {design.tables.flatMap((table) =>
          table.accessPatterns.map((pattern) => (
            <li key={`${table.name}\u0000${pattern.id}`}>
              {link({ kind: 'pattern', table: table.name, pattern: pattern.id }, <VisibleText text={named(table, pattern.name)} />)}
            </li>
          )),
        )}
      </JumpGroup>
      <JumpGroup label="Findings">
        {findings.map((finding, order) => (
          <li key={`${finding.id}\u0000${order}`}>
            {link(
              { kind: 'finding', finding: finding.id },
              <VisibleText text={`${finding.code} · ${subjectText(design, finding)}${isDecided(finding) ? ' (decided)' : ''}`} />,
            )}
          </li>
        ))}
      </JumpGroup>
    </nav>
  );
}

function JumpGroup({ label, children }: { label: string; children: ReactNode[] }) {
  const labelId = useId();
  return (
    <div className="overview-jump-group">
      <span id={labelId} className="overview-jump-label">
        {label}
      </span>
      {children.length === 0 ? (
        <span className="muted overview-small">none</span>
      ) : (
        <ul aria-labelledby={labelId} className="overview-jump-links">
          {children}
        </ul>
      )}
    </div>
  );
}

import type { MigrateStore } from '../../state/migrate';
import { formatCount } from '../../migrate';
import { VisibleText } from '../common/VisibleText';
import { useMigrate } from './useMigrate';

/*
 * The Migrate keys tab's run: progress while applying, then the report (done, skipped, failed, copied)
 * and Verify's findings. Renders only; table data is shown as text.
 */

export function MigrationRun({ store }: { store: MigrateStore }) {
  const progress = useMigrate(store, (state) => state.progress);
  const outcome = useMigrate(store, (state) => state.outcome);
  const verifyReport = useMigrate(store, (state) => state.verifyReport);
  const phase = useMigrate(store, (state) => state.phase);
  return (
    <>
      {progress && (
        <div className="card migrate-progress">
          <progress aria-label="Migration progress" max={Math.max(1, progress.total)} value={progress.done + progress.skipped + progress.failed} />
          <p className="muted">
            {formatCount(progress.done)} of {formatCount(progress.total)} items, {progress.itemsPerSecond.toFixed(0)} items/s
            {progress.secondsLeft !== undefined && phase === 'applying' ? `, about ${Math.ceil(progress.secondsLeft)} s left` : ''},{' '}
            {formatCount(progress.failed)} failures, {formatCount(progress.skipped)} skipped
          </p>
        </div>
      )}
      {(outcome || verifyReport) && (
        <section className="card migrate-report" aria-label="Migration report">
          <h3>Report</h3>
          {outcome?.copiedInto !== undefined && (
            <p>
              Copied into table{' '}
              <code>
                <VisibleText text={outcome.copiedInto} />
              </code>
              ; the source table is untouched.
              {outcome.copiedKinds !== undefined && <> Written there: {outcome.copiedKinds}.</>}
            </p>
          )}
          {outcome && (
            <p>
              {outcome.paused ? 'Paused: ' : outcome.cancelled ? 'Cancelled: ' : ''}
              {formatCount(outcome.done)} of {formatCount(outcome.total)} items done, {formatCount(outcome.skipped.length)} skipped,{' '}
              {formatCount(outcome.failed.length)} failed.
            </p>
          )}
          <MessageList title="Skipped (changed by someone else since the preview; not overwritten)" messages={outcome?.skipped ?? []} />
          <MessageList title="Failed" messages={outcome?.failed ?? []} />
          {verifyReport && (
            <>
              <p className={verifyReport.ok ? 'migrate-verified' : 'field-error'}>
                <VisibleText text={verifyReport.text} />
              </p>
              <MessageList title="Missing under their new keys" messages={verifyReport.missing} />
              <MessageList title="Still under their old keys" messages={verifyReport.leftUnderOldKey} />
              <MessageList title="Still in the old key format, not in the plan" messages={verifyReport.oldFormat} />
            </>
          )}
        </section>
      )}
    </>
  );
}

function MessageList({ title, messages }: { title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div>
      <h4>{title}</h4>
      <ul>
        {messages.slice(0, 100).map((message) => (
          <li key={message}>
            <VisibleText text={message} />
          </li>
        ))}
      </ul>
      {messages.length > 100 && <p className="muted small">First 100 of {formatCount(messages.length)}.</p>}
    </div>
  );
}

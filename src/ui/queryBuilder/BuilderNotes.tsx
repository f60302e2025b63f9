import type { BuilderWarning } from '../../state';
import type { QueryForm } from '../../state';
import type { ExplorerError, PasteReport } from '../../state';
import { VisibleText } from '../common/VisibleText';

/** The traps the valid request runs into, each with its one-click fix when there is one. */
export function BuilderWarningList({ warnings, setForm }: { warnings: readonly BuilderWarning[]; setForm: (patch: Partial<QueryForm>) => void }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="builder-warnings" aria-label="Warnings">
      {warnings.map((warning) => (
        <li key={warning.id} className="notice small">
          <VisibleText text={warning.message} />
          {warning.fix && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => setForm(warning.fix?.patch ?? {})}>
                {warning.fix.label}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** DynamoDB's refusal of the last Run, beside the builder (other run errors show with the results). */
export function RunRefusal({ runError }: { runError: ExplorerError | undefined }) {
  return runError?.name === 'ValidationException' ? (
    <p className="error-box small" role="alert">
      DynamoDB refused the last Run — <strong>{runError.name}</strong>: <VisibleText text={runError.message} />
    </p>
  ) : null;
}

/** What the last Paste request could not read, or read with an assumption. */
export function PasteReportView({ report, onDismiss }: { report: PasteReport | undefined; onDismiss: () => void }) {
  if (!report || report.failed || (report.problems.length === 0 && report.notes.length === 0)) return null;
  return (
    <div className="paste-report" role="status" aria-label="Paste report">
      {report.problems.length > 0 && (
        <ul className="error-box small">
          {report.problems.map((problem) => (
            <li key={problem}>
              <VisibleText text={problem} />
            </li>
          ))}
        </ul>
      )}
      {report.notes.length > 0 && (
        <ul className="muted small">
          {report.notes.map((note) => (
            <li key={note}>
              <VisibleText text={note} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

import { useId } from 'react';
import { describeDesignProblem, type DesignProblem, type ImportReportEntry } from '../../design';
import { VisibleText } from '../common/VisibleText';

/**
 * What Import design… says about a file: the problems that stopped it, or the
 * Import report. Everything in it comes from the file (its name, the design's
 * names, paths that quote keys), so every piece is rendered by VisibleText:
 * as text, its bidi controls and invisible characters as markers, each value
 * isolated (`gnp\u202E.exe` can't read as `exe.png`).
 */

export type ImportOutcome =
  | {
      readonly kind: 'imported';
      readonly fileName: string;
      readonly designName: string;
      /** The name it was saved under, when a design already had `designName` (the list never holds two designs under one name). */
      readonly savedAs?: string;
      readonly report: readonly ImportReportEntry[];
      readonly warnings: readonly DesignProblem[];
    }
  | { readonly kind: 'failed'; readonly fileName: string; readonly errors: readonly DesignProblem[] }
  | { readonly kind: 'cancelled'; readonly fileName: string };

/** Why nothing was imported: one line per problem, each with its path and its line and column in the file. */
export function ImportProblems({ fileName, errors }: { readonly fileName: string; readonly errors: readonly DesignProblem[] }) {
  return (
    <div className="notice import-errors" role="alert">
      <p>
        Nothing was imported: <VisibleText className="wrap-anywhere" text={fileName} /> has {errors.length} problem{errors.length === 1 ? '' : 's'}.
      </p>
      <ul>
        {errors.map((error, index) => (
          <li key={index} className="wrap-anywhere">
            <VisibleText text={describeDesignProblem(error)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Import report of a design that was imported: what was read and inferred, and the warnings. */
export function ImportReport({ outcome }: { readonly outcome: Extract<ImportOutcome, { kind: 'imported' }> }) {
  const headingId = useId();
  return (
    <section className="import-report" aria-labelledby={headingId}>
      <h4 id={headingId}>Import report</h4>
      <p role="status" className="wrap-anywhere">
        Imported “<VisibleText text={outcome.designName} />” from <VisibleText text={outcome.fileName} />
        {outcome.savedAs !== undefined && outcome.savedAs !== outcome.designName ? (
          <>
            {' '}
            as “<VisibleText text={outcome.savedAs} />” (a design named “<VisibleText text={outcome.designName} />” was already in the list, and is unchanged)
          </>
        ) : null}
        ; it is open in the Designs list.
      </p>
      <ul>
        {outcome.report.map((entry, index) => (
          <li key={index} className={`import-report-${entry.scope}`}>
            <VisibleText className="wrap-anywhere" text={entry.summary} />
            {entry.notes.length > 0 && (
              <ul className="muted small">
                {entry.notes.map((note, noteIndex) => (
                  <li key={noteIndex} className="wrap-anywhere">
                    <VisibleText text={note} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {outcome.warnings.length > 0 && (
        <details>
          <summary>
            {outcome.warnings.length} warning{outcome.warnings.length === 1 ? '' : 's'}
          </summary>
          <ul className="small">
            {outcome.warnings.map((warning, index) => (
              <li key={index} className="wrap-anywhere">
                <VisibleText text={describeDesignProblem(warning)} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

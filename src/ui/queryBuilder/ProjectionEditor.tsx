import type { QueryFormErrors } from '../../state';
import { VisibleText } from '../common/VisibleText';

/** The projection: a list of attribute paths (empty: every attribute). */
export function ProjectionEditor({
  paths,
  errors,
  onChange,
}: {
  paths: readonly string[];
  errors: QueryFormErrors;
  onChange: (paths: readonly string[]) => void;
}) {
  const set = (index: number, text: string) => onChange(paths.map((path, i) => (i === index ? text : path)));
  return (
    <div className="projection-editor" role="group" aria-label="Projection">
      {paths.length === 0 && <span className="muted small">All attributes.</span>}
      {paths.map((path, index) => {
        const error = errors[`projection:${index}`];
        return (
          <span key={index} className="projection-path">
            <input
              aria-label={`Projected attribute ${index + 1}`}
              className="mono path-input"
              spellCheck={false}
              placeholder="path"
              value={path}
              onChange={(event) => set(index, event.target.value)}
              {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `projection-${index}-error` } : {})}
            />
            <button
              type="button"
              className="link-button"
              aria-label={`Remove projected attribute ${index + 1}`}
              onClick={() => onChange(paths.filter((_, i) => i !== index))}
            >
              ✕
            </button>
            {error && (
              <span id={`projection-${index}-error`} className="field-error">
                <VisibleText text={error} />
              </span>
            )}
          </span>
        );
      })}
      <button type="button" className="link-button" onClick={() => onChange([...paths, ''])}>
        + Attribute
      </button>
    </div>
  );
}

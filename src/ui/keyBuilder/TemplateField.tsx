import { useId } from 'react';
import { useKeyDesign } from '../stores';
import { VisibleText } from '../common/VisibleText';

/**
 * The key template as text — the form that goes into docs and share links.
 * Every change is parsed at once; errors sit under the field, and the rest of
 * the screen keeps showing the last valid template.
 */
export function TemplateField({ label = 'Key template' }: { label?: string }) {
  const templateText = useKeyDesign((state) => state.templateText);
  const findings = useKeyDesign((state) => state.templateFindings);
  const setTemplateText = useKeyDesign((state) => state.setTemplateText);
  const inputId = useId();
  const errorsId = useId();
  const helpId = useId();
  const invalid = findings.length > 0;
  return (
    <div className="template-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className="template-input mono"
        value={templateText}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${errorsId} ${helpId}` : helpId}
        onChange={(event) => setTemplateText(event.target.value)}
      />
      {invalid && (
        <ul id={errorsId} className="field-error-list" role="alert">
          {findings.map((finding, index) => (
            <li key={index} className="field-error">
              {finding.span && finding.span.end > finding.span.start && (
                <code className="error-excerpt">
                  <VisibleText text={templateText.slice(finding.span.start, finding.span.end)} />
                </code>
              )}{' '}
              <VisibleText text={finding.message} />
            </li>
          ))}
        </ul>
      )}
      <p id={helpId} className="help">
        Literal text plus fields: <code>{'{name}'}</code> string, <code>{'{n:int(10)}'}</code> zero-padded, <code>{'{n:int(10,desc)}'}</code> inverted,{' '}
        <code>{'{n:sint(10)}'}</code> signed, <code>{'{n:dec(8,2)}'}</code> decimal, <code>{'{t:iso}'}</code> / <code>{'{t:iso(ms)}'}</code> ISO-8601 UTC,{' '}
        <code>{'{t:epoch(16)}'}</code> / <code>{'{t:epochms(13)}'}</code> padded epoch. Write <code>{'{{'}</code> for a literal brace.
      </p>
    </div>
  );
}

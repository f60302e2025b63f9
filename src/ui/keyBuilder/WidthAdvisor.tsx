import { useDeferredValue, useId, useMemo } from 'react';
import { adviseWidth } from '../../keys';
import { adviseFieldWidths, type FieldWidthAdvice } from '../../state';
import { useKeyDesign } from '../stores';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The width is a one-way door: size it for the largest value ever expected,
 * plus headroom. Each padded numeric field gets its own largest value (the
 * largest sample until the user types one), and the advice shows the width,
 * its capacity and its cost per key, and applies it to that field in one click.
 */
export function WidthAdvisor() {
  // A render behind typing in the template: the advice scans every sample row, the keystroke's urgent render doesn't.
  const template = useDeferredValue(useKeyDesign((state) => state.template));
  const sampleRows = useDeferredValue(useKeyDesign((state) => state.sampleRows));
  const advisorLargestValues = useKeyDesign((state) => state.advisorLargestValues);
  const advisorHeadroomDigits = useKeyDesign((state) => state.advisorHeadroomDigits);
  const setAdvisorHeadroom = useKeyDesign((state) => state.setAdvisorHeadroom);
  const fields = useMemo(
    () => adviseFieldWidths({ template, sampleRows, advisorLargestValues, advisorHeadroomDigits }),
    [template, sampleRows, advisorLargestValues, advisorHeadroomDigits],
  );
  const headroomId = useId();
  const headroomErrorId = useId();
  // The headroom is checked against each field's digits; with no field to size, against one digit.
  const headroomFinding = (fields.length > 0 ? fields.map((field) => field.advice) : [adviseWidth('1', advisorHeadroomDigits)])
    .flatMap((advice) => (advice.ok ? [] : advice.findings))
    .find((finding) => finding.code === 'advisor.badHeadroom');

  return (
    <div className="width-advisor">
      <div className="advisor-headroom">
        <label htmlFor={headroomId}>Headroom digits</label>
        <input
          id={headroomId}
          className="width-input"
          inputMode="numeric"
          value={advisorHeadroomDigits}
          aria-invalid={headroomFinding ? true : undefined}
          aria-describedby={headroomFinding ? headroomErrorId : undefined}
          onChange={(event) => setAdvisorHeadroom(event.target.value)}
        />
        {headroomFinding && (
          <span id={headroomErrorId} className="field-error" role="alert">
            <VisibleText text={headroomFinding.message} />
          </span>
        )}
      </div>
      {fields.length === 0 ? (
        <p className="muted small">No padded numeric field in the template: an int, sint, dec or epoch field gets its width advised here.</p>
      ) : (
        <ul className="advisor-fields">
          {fields.map((field) => (
            <FieldAdvice key={field.field} advice={field} headroomInvalid={headroomFinding !== undefined} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FieldAdvice({ advice, headroomInvalid }: { advice: FieldWidthAdvice; headroomInvalid: boolean }) {
  const setLargestValue = useKeyDesign((state) => state.setAdvisorLargestValue);
  const clearLargestValue = useKeyDesign((state) => state.clearAdvisorLargestValue);
  const applyWidth = useKeyDesign((state) => state.applyWidth);
  const inputId = useId();
  const errorId = useId();
  const { field, largestValue, fromSamples, typed, currentWidth } = advice;
  const largestFinding = advice.advice.ok ? undefined : advice.advice.findings.find((finding) => finding.code === 'advisor.badLargestValue');
  const widthName = advice.format.kind === 'dec' ? 'integer digits' : 'width';

  return (
    <li className="advisor-field">
      <div className="advisor-input">
        <label htmlFor={inputId}>
          Largest value for <VisibleText text={field} />
        </label>
        <input
          id={inputId}
          className="mono"
          inputMode="numeric"
          value={largestValue}
          placeholder={fromSamples === undefined ? 'e.g. 10000000' : undefined}
          aria-invalid={largestFinding ? true : undefined}
          aria-describedby={largestFinding ? errorId : undefined}
          onChange={(event) => setLargestValue(field, event.target.value)}
        />
        {typed && fromSamples !== undefined && fromSamples !== largestValue && (
          <button type="button" className="link-button small" onClick={() => clearLargestValue(field)}>
            Use the samples’ largest, {fromSamples}
          </button>
        )}
      </div>
      {largestFinding && (
        <span id={errorId} className="field-error" role="alert">
          <VisibleText text={largestFinding.message} />
        </span>
      )}
      {advice.advice.ok ? (
        <div className="advice" role="status" aria-label={`Advice for ${visibleString(field)}`}>
          <p>
            Advised {widthName}: <strong className="advice-width">{advice.advice.value.width}</strong> digits — holds up to{' '}
            <span className="mono">{groupDigits(advice.advice.value.capacity)}</span>, {advice.advice.value.bytesPerKey} bytes per key. The largest value needs{' '}
            {advice.advice.value.digitsNeeded}; {advice.advice.value.headroomDigits} more{' '}
            {advice.advice.value.headroomDigits === 1 ? 'digit gives' : 'digits give'} room for{' '}
            {advice.advice.value.headroomDigits === 0 ? 'no growth' : `${groupDigits('1' + '0'.repeat(advice.advice.value.headroomDigits))}× growth`}.
          </p>
          {advice.advice.value.width === currentWidth ? (
            <p className="muted small">
              <VisibleText text={field} /> already has {widthName} {currentWidth}.
            </p>
          ) : (
            <div className="button-row">
              <button type="button" onClick={() => applyWidth(field, (advice.advice as { value: { width: number } }).value.width)}>
                Use {widthName} {advice.advice.value.width} for <VisibleText text={field} />
              </button>
            </div>
          )}
        </div>
      ) : (
        !largestFinding && !headroomInvalid && <p className="muted small">Enter the largest value {field} will ever hold to get a width.</p>
      )}
    </li>
  );
}

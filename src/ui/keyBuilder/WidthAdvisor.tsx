import { useMemo } from 'react';
import { adviseWidth } from '../../keys';
import { fieldsOf } from '../../state';
import { DraftInput } from '../common/DraftInput';
import { useKeyDesign } from '../stores';

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The width is a one-way door: size it for the largest value ever expected,
 * plus headroom. Shows the width, its capacity and its cost per key, and
 * applies it to a padded field in one click.
 */
export function WidthAdvisor() {
  const largestValue = useKeyDesign((state) => state.advisorLargestValue);
  const headroomDigits = useKeyDesign((state) => state.advisorHeadroomDigits);
  const setAdvisorInputs = useKeyDesign((state) => state.setAdvisorInputs);
  const applyWidth = useKeyDesign((state) => state.applyWidth);
  const template = useKeyDesign((state) => state.template);
  const advice = useMemo(() => adviseWidth(largestValue, headroomDigits), [largestValue, headroomDigits]);
  const paddedFields = fieldsOf(template).filter((field) => field.format.kind === 'int' || field.format.kind === 'sint' || field.format.kind === 'epoch');
  const largestError = advice.ok ? undefined : advice.findings.find((finding) => finding.code === 'advisor.badLargestValue')?.message;
  const headroomError = advice.ok ? undefined : advice.findings.find((finding) => finding.code === 'advisor.badHeadroom')?.message;

  return (
    <div className="width-advisor">
      <div className="advisor-inputs">
        <DraftInput
          label="Largest value"
          showLabel
          inputClassName="mono"
          inputMode="numeric"
          value={largestValue}
          validate={(text) => adviseWidthError(text, headroomDigits, 'advisor.badLargestValue')}
          onCommit={(text) => setAdvisorInputs({ largestValue: text })}
        />
        <DraftInput
          label="Headroom digits"
          showLabel
          className="width-input"
          inputMode="numeric"
          value={headroomDigits}
          validate={(text) => adviseWidthError(largestValue, text, 'advisor.badHeadroom')}
          onCommit={(text) => setAdvisorInputs({ headroomDigits: text })}
        />
      </div>
      {advice.ok ? (
        <div className="advice" role="status">
          <p>
            Advised width: <strong className="advice-width">{advice.value.width}</strong> digits — holds up to{' '}
            <span className="mono">{groupDigits(advice.value.capacity)}</span>, {advice.value.bytesPerKey} bytes per key. Today’s largest value needs{' '}
            {advice.value.digitsNeeded}; {advice.value.headroomDigits} more {advice.value.headroomDigits === 1 ? 'digit gives' : 'digits give'} room for{' '}
            {advice.value.headroomDigits === 0 ? 'no growth' : `${groupDigits('1' + '0'.repeat(advice.value.headroomDigits))}× growth`}.
          </p>
          {paddedFields.length > 0 && (
            <div className="button-row">
              {paddedFields.map((field) => (
                <button key={field.name} type="button" onClick={() => applyWidth(field.name, advice.value.width)}>
                  Use width {advice.value.width} for {field.name}
                </button>
              ))}
            </div>
          )}
        </div>
      ) : (
        (largestError ?? headroomError) === undefined && <p className="field-error">{advice.findings[0]?.message}</p>
      )}
    </div>
  );
}

function adviseWidthError(largest: string, headroom: string, code: 'advisor.badLargestValue' | 'advisor.badHeadroom'): string | undefined {
  const result = adviseWidth(largest, headroom);
  return result.ok ? undefined : result.findings.find((finding) => finding.code === code)?.message;
}

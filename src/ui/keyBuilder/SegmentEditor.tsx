import type { FieldFormat, FieldSegment, TemplateSegment } from '../../keys';
import { DraftInput } from '../common/DraftInput';
import { useKeyDesign } from '../stores';
import {
  defaultFormat,
  SEGMENT_TYPE_LABELS,
  segmentTypeOf,
  validateFieldName,
  countProblem,
  readFractionDigits,
  readWidth,
  type SegmentType,
} from './segmentTypes';

/**
 * The template as a list of segments: add, remove, reorder, and pick each
 * segment's type, width and direction. Every edit reprints the template text,
 * so the two views never disagree.
 */
export function SegmentEditor() {
  const template = useKeyDesign((state) => state.template);
  const textIsInvalid = useKeyDesign((state) => state.templateFindings.length > 0);
  const setSegments = useKeyDesign((state) => state.setSegments);
  const segments = template.segments;

  const replaceAt = (index: number, segment: TemplateSegment) => setSegments(segments.map((s, i) => (i === index ? segment : s)));
  const removeAt = (index: number) => setSegments(segments.filter((_, i) => i !== index));
  const move = (index: number, delta: -1 | 1) => {
    const next = [...segments];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + delta, 0, moved);
    setSegments(next);
  };
  const fieldNames = segments.flatMap((segment) => (segment.kind === 'field' ? [segment.name] : []));
  const addField = () => {
    let n = fieldNames.length + 1;
    while (fieldNames.includes(`field${n}`)) n++;
    const literalBefore = segments.length > 0 && segments[segments.length - 1]?.kind === 'field' ? [{ kind: 'literal' as const, text: '#' }] : [];
    setSegments([...segments, ...literalBefore, { kind: 'field', name: `field${n}`, format: { kind: 'string' } }]);
  };

  return (
    <div className="segment-editor">
      {textIsInvalid && (
        <p className="notice" role="status">
          The template text has errors; these are the segments of the last valid template. Editing them replaces the text.
        </p>
      )}
      <ol className="segment-list">
        {segments.map((segment, index) => (
          <li key={index} className={`segment segment-${segment.kind}`}>
            <SegmentRow
              segment={segment}
              index={index}
              otherNames={fieldNames.filter((name) => segment.kind !== 'field' || name !== segment.name)}
              onChange={(next) => replaceAt(index, next)}
            />
            <span className="segment-actions">
              <button type="button" aria-label={`Move segment ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" aria-label={`Move segment ${index + 1} down`} disabled={index === segments.length - 1} onClick={() => move(index, 1)}>
                ↓
              </button>
              <button type="button" aria-label={`Remove segment ${index + 1}`} disabled={segments.length === 1} onClick={() => removeAt(index)}>
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" onClick={addField}>
          Add field
        </button>
        <button type="button" onClick={() => setSegments([...segments, { kind: 'literal', text: '#' }])}>
          Add literal
        </button>
      </div>
    </div>
  );
}

interface SegmentRowProps {
  segment: TemplateSegment;
  index: number;
  otherNames: readonly string[];
  onChange: (segment: TemplateSegment) => void;
}

function SegmentRow({ segment, index, otherNames, onChange }: SegmentRowProps) {
  const position = `segment ${index + 1}`;
  const type = segmentTypeOf(segment);
  const changeType = (next: SegmentType) => {
    if (next === type) return;
    if (next === 'literal') onChange({ kind: 'literal', text: '#' });
    else onChange({ kind: 'field', name: segment.kind === 'field' ? segment.name : freshName(otherNames), format: defaultFormat(next) });
  };
  return (
    <span className="segment-fields">
      <span className="segment-index" aria-hidden="true">
        {index + 1}
      </span>
      <select aria-label={`Type of ${position}`} value={type} onChange={(event) => changeType(event.target.value as SegmentType)}>
        {Object.entries(SEGMENT_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {segment.kind === 'literal' ? (
        <DraftInput
          label={`Text of ${position}`}
          inputClassName="mono"
          value={segment.text}
          validate={(text) => (text === '' ? 'Literal text can’t be empty: remove the segment instead.' : undefined)}
          onCommit={(text) => onChange({ kind: 'literal', text })}
        />
      ) : (
        <>
          <DraftInput
            label={`Name of ${position}`}
            inputClassName="mono"
            value={segment.name}
            validate={(name) => validateFieldName(name, otherNames)}
            onCommit={(name) => onChange({ ...segment, name })}
          />
          <FormatControls segment={segment} position={position} onChange={(format) => onChange({ ...segment, format })} />
        </>
      )}
    </span>
  );
}

function FormatControls({ segment, position, onChange }: { segment: FieldSegment; position: string; onChange: (format: FieldFormat) => void }) {
  const { format } = segment;
  switch (format.kind) {
    case 'string':
      return null;
    case 'int':
      return (
        <>
          <WidthInput label={`Width of ${position}`} width={format.width} onChange={(width) => onChange({ ...format, width })} />
          <select
            aria-label={`Direction of ${position}`}
            value={format.descending ? 'desc' : 'asc'}
            onChange={(event) => onChange({ ...format, descending: event.target.value === 'desc' })}
          >
            <option value="asc">ascending</option>
            <option value="desc">descending (inverted)</option>
          </select>
        </>
      );
    case 'sint':
    case 'epoch':
      return <WidthInput label={`Width of ${position}`} width={format.width} onChange={(width) => onChange({ ...format, width })} />;
    case 'dec':
      return (
        <>
          <WidthInput
            label={`Integer digits of ${position}`}
            width={format.integerDigits}
            onChange={(integerDigits) => onChange({ ...format, integerDigits })}
          />
          <DraftInput
            label={`Fraction digits of ${position}`}
            className="width-input"
            inputMode="numeric"
            value={String(format.fractionDigits)}
            validate={(text) => countProblem(readFractionDigits(text, `Fraction digits of ${position}`))}
            onCommit={(text) => {
              const fractionDigits = readFractionDigits(text, `Fraction digits of ${position}`);
              if (fractionDigits.ok) onChange({ ...format, fractionDigits: fractionDigits.value });
            }}
          />
        </>
      );
    case 'iso':
      return (
        <select
          aria-label={`Precision of ${position}`}
          value={format.precision}
          onChange={(event) => onChange({ ...format, precision: event.target.value === 'ms' ? 'ms' : 's' })}
        >
          <option value="s">seconds</option>
          <option value="ms">milliseconds</option>
        </select>
      );
  }
}

function WidthInput({ label, width, onChange }: { label: string; width: number; onChange: (width: number) => void }) {
  return (
    <DraftInput
      label={label}
      className="width-input"
      inputMode="numeric"
      value={String(width)}
      validate={(text) => countProblem(readWidth(text, label))}
      onCommit={(text) => {
        const width = readWidth(text, label);
        if (width.ok) onChange(width.value);
      }}
    />
  );
}

function freshName(taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`field${n}`)) n++;
  return `field${n}`;
}

import type { KeyAttributeDesign, KeyAttributeType } from '../../design';
import { DraftInput } from '../common/DraftInput';

export const KEY_TYPE_LABELS: Readonly<Record<KeyAttributeType, string>> = { S: 'S (string)', N: 'N (number)', B: 'B (binary)' };

/**
 * One key attribute: its name (committed when valid, see `validate`) and its
 * type. `label` names both controls: "Partition key" gives "Partition key
 * name" and "Partition key type".
 */
export function KeyAttributeInputs({
  label,
  attribute,
  validate,
  onChange,
}: {
  label: string;
  attribute: KeyAttributeDesign;
  validate: (name: string) => string | undefined;
  onChange: (attribute: KeyAttributeDesign) => void;
}) {
  return (
    <span className="key-attribute-inputs">
      <DraftInput
        label={`${label} name`}
        inputClassName="mono"
        value={attribute.name}
        validate={validate}
        onCommit={(name) => onChange({ ...attribute, name })}
      />
      <select
        aria-label={`${label} type`}
        value={attribute.type}
        onChange={(event) => onChange({ ...attribute, type: event.target.value as KeyAttributeType })}
      >
        {Object.entries(KEY_TYPE_LABELS).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}

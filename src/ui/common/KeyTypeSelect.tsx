import type { KeyType } from '../../keys';

const KEY_TYPES: readonly KeyType[] = ['S', 'N', 'B'];

/** A labelled select of a key attribute's type (S, N or B), as the Create table and Add index dialogs ask for it. */
export function KeyTypeSelect({ id, label, value, onChange }: { id: string; label: string; value: KeyType; onChange: (type: KeyType) => void }) {
  return (
    <span className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as KeyType)}>
        {KEY_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    </span>
  );
}

import type { ReactNode } from 'react';
import { VisibleText } from '../../common/VisibleText';

/** A labelled text input with its message under it (an alert, linked with aria-describedby). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  className,
  placeholder,
  wide,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  className?: string;
  placeholder?: string;
  /** Spans the whole row of the fields grid. */
  wide?: boolean;
}) {
  return (
    <span className={wide ? 'form-field add-index-include' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={className}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          <VisibleText text={error} />
        </span>
      )}
    </span>
  );
}

/** A labelled select of fixed choices. */
export function ChoiceField<T extends string>({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  choices: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <span className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}

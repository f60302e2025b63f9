import { useId, useState, type InputHTMLAttributes } from 'react';

interface DraftInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  /** Accessible name of the input. */
  label: string;
  /** Show the label visually (otherwise it is only the accessible name). */
  showLabel?: boolean;
  /** Classes for the input element itself (the wrapper takes `className`). */
  inputClassName?: string;
  /** The committed value from the store. */
  value: string;
  /** Why a draft can't be committed, or undefined when it can. */
  validate: (draft: string) => string | undefined;
  onCommit: (draft: string) => void;
}

/**
 * An input that keeps what the user typed even while it is invalid, shows why
 * next to it (aria-invalid + aria-describedby), and commits only valid text.
 * Nothing typed is lost, and the store never holds a half-edited value.
 */
export function DraftInput({ label, showLabel = false, value, validate, onCommit, className, inputClassName, ...rest }: DraftInputProps) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  // The store changed underneath (another control, a reset): follow it.
  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }
  const error = draft === value ? undefined : validate(draft);
  const errorId = useId();
  const inputId = useId();
  return (
    <span className={`draft-input ${className ?? ''}`}>
      {showLabel && <label htmlFor={inputId}>{label}</label>}
      <input
        {...rest}
        id={inputId}
        className={inputClassName}
        aria-label={showLabel ? undefined : label}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (validate(next) === undefined) {
            setCommitted(next);
            onCommit(next);
          }
        }}
      />
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

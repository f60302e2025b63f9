import { useId } from 'react';

export type ExplorerOperation = 'query' | 'scan' | 'partiql';

const OPERATIONS: readonly { id: ExplorerOperation; label: string }[] = [
  { id: 'query', label: 'Query' },
  { id: 'scan', label: 'Scan' },
  { id: 'partiql', label: 'PartiQL' },
];

/**
 * Query, Scan or PartiQL: the explorer's operation, as one radio group. The
 * query builder and the PartiQL tab each render it, so the one checked here
 * takes focus when the other form replaces this one (`focusChecked`).
 */
export function OperationSwitch({
  operation,
  onChange,
  focusChecked = false,
}: {
  operation: ExplorerOperation;
  onChange: (operation: ExplorerOperation) => void;
  focusChecked?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="mode-switch">
      <legend className="visually-hidden">Operation</legend>
      {OPERATIONS.map((entry) => (
        <label key={entry.id}>
          <input
            type="radio"
            name={name}
            checked={operation === entry.id}
            autoFocus={focusChecked && operation === entry.id}
            onChange={() => onChange(entry.id)}
          />{' '}
          {entry.label}
        </label>
      ))}
    </fieldset>
  );
}

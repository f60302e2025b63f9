import { useState } from 'react';
import { getOwnAttribute } from '../../expressions';
import type { Item } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { attributeAsDynamoDBJson, formatAttributeValue } from './formatAttributeValue';

interface CellActionsProps {
  /** The selected row's item and its 1-based position in the view, or undefined when no row is selected. */
  item: Item | undefined;
  position: number | undefined;
  columnNames: readonly string[];
  column: string | undefined;
  onColumn: (column: string) => void;
}

interface CopyOutcome {
  readonly item: Item;
  readonly name: string;
  readonly json: boolean;
  /** Why the clipboard refused, when it did. */
  readonly failure?: string;
}

/**
 * What can be done with the selected cell: copy its value as the grid shows it, or the attribute
 * as DynamoDB JSON. Always on screen (disabled until a cell is chosen), so choosing one doesn't
 * move the grid; a click on a cell chooses it, and so do a row number and the Column list (keyboard).
 */
export function CellActions({ item, position, columnNames, column, onColumn }: CellActionsProps) {
  const [outcome, setOutcome] = useState<CopyOutcome>();
  const name = column ?? columnNames[0];
  const value = item && name !== undefined ? getOwnAttribute(item, name) : undefined;
  // An outcome belongs to the cell it was about: choosing another cell clears it.
  const shown = outcome && outcome.item === item && outcome.name === name ? outcome : undefined;
  const copy = (text: string, json: boolean) => {
    if (!item || name === undefined) return;
    setOutcome(undefined);
    navigator.clipboard.writeText(text).then(
      () => setOutcome({ item, name, json }),
      (error: unknown) => setOutcome({ item, name, json, failure: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="cell-actions" role="group" aria-label="Selected cell">
      {item && position !== undefined && name !== undefined ? (
        <>
          <span>Row {position}</span>
          <label>
            Column{' '}
            <select value={name} onChange={(event) => onColumn(event.target.value)}>
              {columnNames.map((option) => (
                <option key={option} value={option}>
                  {visibleString(option)}
                </option>
              ))}
            </select>
          </label>
          {!value && (
            <span className="muted">
              Row {position} has no <VisibleText text={name} />.
            </span>
          )}
        </>
      ) : (
        <span className="muted">Click a cell to copy it.</span>
      )}
      <button type="button" disabled={!value} onClick={() => value && copy(formatAttributeValue(value), false)}>
        Copy value
      </button>
      <button type="button" disabled={!value} onClick={() => value && name !== undefined && copy(attributeAsDynamoDBJson(name, value), true)}>
        Copy as DynamoDB JSON
      </button>
      <span role="status" className={shown?.failure ? 'cell-actions-message cell-actions-failed' : 'cell-actions-message muted'}>
        {shown &&
          (shown.failure === undefined ? (
            <>
              Copied {shown.json ? '' : 'the value of '}
              <VisibleText text={shown.name} />
              {shown.json ? ' as DynamoDB JSON' : ''}.
            </>
          ) : (
            <>Couldn’t copy ({shown.failure}): the browser refused the clipboard. Select the text in the cell and press Ctrl+C instead.</>
          ))}
      </span>
    </div>
  );
}

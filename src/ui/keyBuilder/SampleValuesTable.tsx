import { memo, useId, useMemo, useState } from 'react';
import { printFormatSuffix, type FieldSegment, type SampleKeyRow, type SampleOrders, type SampleRow } from '../../keys';
import { templateFields } from '../../keys';
import { useShownRows } from '../common/useShownRows';
import { VisibleText } from '../common/VisibleText';
import { useKeyDesign } from '../stores';
import { visibleString } from '../common/visibleText';

/**
 * Sample rows to try the design on: one editable column per template field,
 * then the key a naive design stores, the encoded key and its size. A row's
 * problems (a bad value, a collision, a key too long) get a full-width line
 * under it, tied to the input or cell they are about, so long messages wrap
 * inside the card instead of stretching a column.
 */
export function SampleValuesTable({ orders, fields: allFields }: { orders: SampleOrders; fields?: readonly FieldSegment[] }) {
  const template = useKeyDesign((state) => state.template);
  const rows = useKeyDesign((state) => state.sampleRows);
  const [shownRows, moreRows] = useShownRows(rows.length, 'sample rows');
  const addSampleRow = useKeyDesign((state) => state.addSampleRow);
  const removeSampleRow = useKeyDesign((state) => state.removeSampleRow);
  // An entity's rows carry the fields of all its templates; the keys shown are the template in scope's.
  const fields = useStableFields(allFields ?? templateFields(template));
  const captionId = useId();
  const findingsIdPrefix = useId();
  const columnCount = fields.length + 5;
  // By id, not by position: the orders may be a render behind the rows (they are computed deferred, after typing).
  const keysById = useMemo(() => new Map(orders.rows.map((keys) => [keys.id, keys])), [orders]);

  return (
    <div className="sample-values">
      <div className="table-scroll">
        <table aria-labelledby={captionId}>
          <caption id={captionId} className="visually-hidden">
            Sample values
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              {fields.map((field) => (
                <th scope="col" key={field.name}>
                  <VisibleText text={field.name} />
                  <span className="format-tag">{printFormatSuffix(field.format).slice(1) || 'string'}</span>
                </th>
              ))}
              <th scope="col">Raw key</th>
              <th scope="col">Encoded key</th>
              <th scope="col">Bytes</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shownRows).map((row, rowIndex) => (
              <SampleRowView
                key={row.id}
                row={row}
                rowIndex={rowIndex}
                keys={keysById.get(row.id)}
                fields={fields}
                columnCount={columnCount}
                findingsIdPrefix={findingsIdPrefix}
                removable={rows.length > 1}
                onRemove={removeSampleRow}
              />
            ))}
          </tbody>
        </table>
      </div>
      {moreRows}
      <div className="button-row">
        <button type="button" onClick={addSampleRow}>
          Add row
        </button>
      </div>
    </div>
  );
}

interface SampleRowViewProps {
  row: SampleRow;
  rowIndex: number;
  keys: SampleKeyRow | undefined;
  fields: readonly FieldSegment[];
  columnCount: number;
  findingsIdPrefix: string;
  removable: boolean;
  onRemove: (rowId: string) => void;
}

/**
 * One sample row and its findings. Memoised: a keystroke in the template
 * re-renders the rows whose keys changed, not all of them (the keys arrive a
 * render later, deferred, and only then do the rows update).
 */
const SampleRowView = memo(function SampleRowView({ row, rowIndex, keys, fields, columnCount, findingsIdPrefix, removable, onRemove }: SampleRowViewProps) {
  const findings = keys?.findings ?? [];
  const findingId = (index: number) => `${findingsIdPrefix}-${rowIndex}-${index}`;
  const keyFindingIds = findings.flatMap((finding, index) => (finding.field === undefined ? [findingId(index)] : []));
  return (
    <>
      <tr className={keys && keys.findings.length > 0 ? 'row-invalid' : undefined}>
        <th scope="row">{rowIndex + 1}</th>
        {fields.map((field) => (
          <td key={field.name}>
            <ValueCell
              label={`${visibleString(field.name)}, row ${rowIndex + 1}`}
              value={row.values[field.name] ?? ''}
              describedBy={findings.flatMap((finding, index) => (finding.field === field.name ? [findingId(index)] : [])).join(' ')}
              rowId={row.id}
              field={field.name}
            />
          </td>
        ))}
        <td className="mono key-cell">
          <VisibleText text={keys?.rawKey ?? ''} />
        </td>
        <td className="mono key-cell" aria-describedby={keyFindingIds.length > 0 ? keyFindingIds.join(' ') : undefined}>
          <EncodedKeyCell keys={keys} />
        </td>
        <td className="number-cell">{keys?.encodedByteLength ?? '—'}</td>
        <td>
          <button type="button" aria-label={`Remove row ${rowIndex + 1}`} disabled={!removable} onClick={() => onRemove(row.id)}>
            ✕
          </button>
        </td>
      </tr>
      {findings.length > 0 && (
        <tr className="row-findings">
          <td colSpan={columnCount}>
            {findings.map((finding, index) => (
              <p key={index} id={findingId(index)} className="field-error">
                <VisibleText text={finding.message} />
              </p>
            ))}
          </td>
        </tr>
      )}
    </>
  );
});

/**
 * The fields as one array per distinct list of names and formats: the
 * caller rebuilds its array every render, and the memoised rows compare by
 * identity.
 */
function useStableFields(fields: readonly FieldSegment[]): readonly FieldSegment[] {
  const signature = fields.map((field) => `${field.name}${printFormatSuffix(field.format)}`).join('\u0000');
  const [stable, setStable] = useState({ signature, fields });
  if (stable.signature !== signature) {
    setStable({ signature, fields });
    return fields;
  }
  return stable.fields;
}

/**
 * A sample value's input; its errors are shown under the row (`describedBy`: their ids).
 * Memoised on plain values: a keystroke in the template changes every row's keys, not
 * its inputs, and a re-rendered input is rewritten in the DOM (React resets its name and type).
 */
const ValueCell = memo(function ValueCell({
  label,
  value,
  describedBy,
  rowId,
  field,
}: {
  label: string;
  value: string;
  describedBy: string;
  rowId: string;
  field: string;
}) {
  const setSampleValue = useKeyDesign((state) => state.setSampleValue);
  const invalid = describedBy !== '';
  return (
    <span className="value-cell">
      <input
        aria-label={label}
        className="mono"
        value={value}
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? describedBy : undefined}
        onChange={(event) => setSampleValue(rowId, field, event.target.value)}
      />
    </span>
  );
});

function EncodedKeyCell({ keys }: { keys: SampleKeyRow | undefined }) {
  if (!keys) return null;
  if (keys.encodedKey !== undefined) return <VisibleText text={keys.encodedKey} />;
  return <span className="muted">{keys.findings.some((finding) => finding.field === undefined) ? 'not stored: see below' : 'fix the values'}</span>;
}

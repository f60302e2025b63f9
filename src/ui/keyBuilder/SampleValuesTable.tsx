import { useId } from 'react';
import { printFormatSuffix, type KeyFinding, type SampleKeyRow, type SampleOrders } from '../../keys';
import { fieldsOf } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useKeyDesign } from '../stores';

/**
 * Sample rows to try the design on: one editable column per template field,
 * then the key a naive design stores, the encoded key and its size.
 */
export function SampleValuesTable({ orders }: { orders: SampleOrders }) {
  const template = useKeyDesign((state) => state.template);
  const rows = useKeyDesign((state) => state.sampleRows);
  const addSampleRow = useKeyDesign((state) => state.addSampleRow);
  const removeSampleRow = useKeyDesign((state) => state.removeSampleRow);
  const fields = fieldsOf(template);
  const captionId = useId();

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
                  {field.name}
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
            {rows.map((row, rowIndex) => {
              const keys = orders.rows[rowIndex];
              return (
                <tr key={row.id} className={keys && keys.findings.length > 0 ? 'row-invalid' : undefined}>
                  <th scope="row">{rowIndex + 1}</th>
                  {fields.map((field) => (
                    <td key={field.name}>
                      <ValueCell
                        label={`${field.name}, row ${rowIndex + 1}`}
                        value={row.values[field.name] ?? ''}
                        finding={keys?.findings.find((finding) => finding.field === field.name)}
                        rowId={row.id}
                        field={field.name}
                      />
                    </td>
                  ))}
                  <td className="mono key-cell">
                    <VisibleText text={keys?.rawKey ?? ''} />
                  </td>
                  <td className="mono key-cell">
                    <EncodedKeyCell keys={keys} />
                  </td>
                  <td className="number-cell">{keys?.encodedByteLength ?? '—'}</td>
                  <td>
                    <button type="button" aria-label={`Remove row ${rowIndex + 1}`} disabled={rows.length === 1} onClick={() => removeSampleRow(row.id)}>
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <button type="button" onClick={addSampleRow}>
          Add row
        </button>
      </div>
    </div>
  );
}

function ValueCell({ label, value, finding, rowId, field }: { label: string; value: string; finding?: KeyFinding; rowId: string; field: string }) {
  const setSampleValue = useKeyDesign((state) => state.setSampleValue);
  const errorId = useId();
  return (
    <span className="value-cell">
      <input
        aria-label={label}
        className="mono"
        value={value}
        spellCheck={false}
        aria-invalid={finding ? true : undefined}
        aria-describedby={finding ? errorId : undefined}
        onChange={(event) => setSampleValue(rowId, field, event.target.value)}
      />
      {finding && (
        <span id={errorId} className="field-error">
          {finding.message}
        </span>
      )}
    </span>
  );
}

function EncodedKeyCell({ keys }: { keys: SampleKeyRow | undefined }) {
  if (!keys) return null;
  if (keys.encodedKey !== undefined) return <VisibleText text={keys.encodedKey} />;
  const keyFindings = keys.findings.filter((finding) => finding.field === undefined);
  if (keyFindings.length === 0) return <span className="muted">fix the values</span>;
  return (
    <span className="field-error">
      {keyFindings.map((finding) => (
        <span key={finding.code}>{finding.message}</span>
      ))}
    </span>
  );
}

import { useId } from 'react';
import type { OrderEntry, SampleOrders, SampleRow } from '../../keys';
import { fieldsOf } from '../../state/keyDesignStore';
import { VisibleText } from '../common/VisibleText';
import { useKeyDesign } from '../stores';

/**
 * The point of the key builder: the sample rows in the order DynamoDB returns
 * them when stored under raw keys, beside the order under encoded keys. Each
 * entry shows where the field values say it belongs; misplaced ones stand out.
 */
export function SampleOrderComparison({ orders }: { orders: SampleOrders }) {
  const direction = useKeyDesign((state) => state.direction);
  const setDirection = useKeyDesign((state) => state.setDirection);
  const rows = useKeyDesign((state) => state.sampleRows);
  const template = useKeyDesign((state) => state.template);
  const fieldNames = fieldsOf(template).map((field) => field.name);
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  const switchId = useId();

  return (
    <div className="order-comparison">
      <div className="direction-switch">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={direction === 'descending'}
          onChange={(event) => setDirection(event.target.checked ? 'descending' : 'ascending')}
        />
        <label htmlFor={switchId}>
          Descending <span className="muted">(ScanIndexForward = false)</span>
        </label>
      </div>
      {orders.excludedIds.length > 0 && (
        <p className="notice" role="status">
          {orders.excludedIds.length === 1 ? '1 row is' : `${orders.excludedIds.length} rows are`} left out of both orders until
          {orders.excludedIds.length === 1 ? ' its errors are' : ' their errors are'} fixed.
        </p>
      )}
      <div className="order-columns">
        <OrderList title="Raw order" description="Values stored as plain strings" entries={orders.rawOrder} rowsById={rowsById} fieldNames={fieldNames} />
        <OrderList title="Encoded order" description="Values stored through the template" entries={orders.encodedOrder} rowsById={rowsById} fieldNames={fieldNames} />
      </div>
    </div>
  );
}

interface OrderListProps {
  title: string;
  description: string;
  entries: readonly OrderEntry[];
  rowsById: ReadonlyMap<string, SampleRow>;
  fieldNames: readonly string[];
}

function OrderList({ title, description, entries, rowsById, fieldNames }: OrderListProps) {
  const headingId = useId();
  const misplaced = entries.filter((entry) => !entry.inPlace).length;
  return (
    <section className="order-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className="muted small">{description}</p>
      <p className={misplaced > 0 ? 'verdict verdict-bad' : 'verdict verdict-good'}>
        {entries.length === 0 ? 'No rows to order.' : misplaced === 0 ? 'Every row is in its intended place.' : `${misplaced} of ${entries.length} rows out of place.`}
      </p>
      <ol>
        {entries.map((entry, index) => {
          const values = rowsById.get(entry.id)?.values ?? {};
          return (
            <li key={entry.id} className={entry.inPlace ? 'order-entry' : 'order-entry out-of-place'} data-row-id={entry.id}>
              <span className="order-position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="order-body">
                <span className="order-fields">
                  {fieldNames.map((name) => (
                    <span key={name} className="order-field">
                      <span className="muted">{name}</span> <VisibleText text={values[name] ?? ''} className="order-value" />
                    </span>
                  ))}
                </span>
                <VisibleText text={entry.key} className="mono order-key" />
              </span>
              <span className="order-intended">
                intended #{entry.intendedPosition}
                {!entry.inPlace && <span className="out-of-place-tag"> · out of place</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

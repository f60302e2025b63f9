import { memo, useDeferredValue, useId, useMemo } from 'react';
import type { OrderEntry, SampleOrders, SampleRow } from '../../keys';
import { templateFields } from '../../keys';
import { sampleOrderVerdict } from '../../state';
import { InferredOrderNotes } from '../common/InferredOrderNotes';
import { StatusLine } from '../common/StatusLine';
import { useShownRows } from '../common/useShownRows';
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
  // A render behind typing, as the orders are: a keystroke's urgent render skips the two lists (OrderList is memoised).
  const rows = useDeferredValue(useKeyDesign((state) => state.sampleRows));
  const template = useDeferredValue(useKeyDesign((state) => state.template));
  const setFieldFormat = useKeyDesign((state) => state.setFieldFormat);
  const fieldNames = useMemo(() => templateFields(template).map((field) => field.name), [template]);
  const rowsById = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
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
      <InferredOrderNotes orders={orders.inferredOrders} onApply={(order) => order.suggestedFormat && setFieldFormat(order.field, order.suggestedFormat)} />
      <div className="order-columns">
        <OrderList
          title="Raw order"
          description="Values stored as plain strings"
          entries={orders.rawOrder}
          orders={orders}
          rowsById={rowsById}
          fieldNames={fieldNames}
        />
        <OrderList
          title="Encoded order"
          description="Values stored through the template"
          entries={orders.encodedOrder}
          orders={orders}
          rowsById={rowsById}
          fieldNames={fieldNames}
        />
      </div>
    </div>
  );
}

interface OrderListProps {
  title: string;
  description: string;
  entries: readonly OrderEntry[];
  orders: SampleOrders;
  rowsById: ReadonlyMap<string, SampleRow>;
  fieldNames: readonly string[];
}

const OrderList = memo(function OrderList({ title, description, entries, orders, rowsById, fieldNames }: OrderListProps) {
  const headingId = useId();
  const warnings = orders.inferredOrders.filter((order) => order.finding).length;
  const [shown, more] = useShownRows(entries.length, 'keys');
  return (
    <section className="order-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className="muted small">{description}</p>
      <StatusLine verdict={sampleOrderVerdict(entries, orders.excludedIds.length, warnings)} />
      <ol>
        {entries.slice(0, shown).map((entry, index) => {
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
                      <VisibleText className="muted" text={name} /> <VisibleText text={values[name] ?? ''} className="order-value" />
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
      {more}
    </section>
  );
});

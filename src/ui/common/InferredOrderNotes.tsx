import { printFormatSuffix, type InferredFieldOrder } from '../../keys';
import { VisibleText } from './VisibleText';

/**
 * The warnings of string fields whose values read as numbers or dates (the
 * articles' first pitfall). With `onApply`, each number field gets a button
 * that switches it to the suggested padded format.
 */
export function InferredOrderNotes({ orders, onApply }: { orders: readonly InferredFieldOrder[]; onApply?: (order: InferredFieldOrder) => void }) {
  const noted = orders.filter((order) => order.finding);
  if (noted.length === 0) return null;
  return (
    <div className="notice inferred-order-notes" role="note" aria-label="Values stored as text">
      <ul>
        {noted.map((order) => (
          <li key={order.field}>
            {/* The message quotes sample values, which may be table data. */}
            <VisibleText text={order.finding?.message ?? ''} />
            {onApply && order.kind === 'number' && order.suggestedFormat && (
              <>
                {' '}
                <button type="button" onClick={() => onApply(order)}>
                  Use {`{${order.field}:${printFormatSuffix(order.suggestedFormat).slice(1)}}`}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

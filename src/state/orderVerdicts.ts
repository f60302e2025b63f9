import type { OrderEntry } from '../keys';
import type { ItemOrders } from './compareItemOrders';

/**
 * What a status line means, so the colour can say it: green (`success`) only
 * when everything compared is right and nothing was left out; `neutral` when
 * there is nothing to judge; `warning` when the verdict covers only part of
 * the rows or hides a trap; `error` when rows are out of place or collide.
 */
export type StatusTone = 'success' | 'neutral' | 'warning' | 'error';

export interface OrderVerdict {
  readonly tone: StatusTone;
  readonly text: string;
}

const rowsWord = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`);

/**
 * The verdict over one of the key builder's orders (raw or encoded).
 *
 * @param excludedCount rows left out because their values have errors
 * @param warningCount findings that make an in-place order a coincidence (numbers stored as text)
 * @example
 * sampleOrderVerdict(entries, 3, 0) // { tone: "warning", text: "The 1 row compared is in its intended place; 3 rows are left out." }
 */
export function sampleOrderVerdict(entries: readonly OrderEntry[], excludedCount: number, warningCount: number): OrderVerdict {
  if (entries.length === 0) {
    return excludedCount > 0
      ? { tone: 'warning', text: `No rows to order: ${excludedCount === 1 ? 'the only row has' : `all ${excludedCount} rows have`} errors.` }
      : { tone: 'neutral', text: 'No rows to order.' };
  }
  const misplaced = entries.filter((entry) => !entry.inPlace).length;
  if (misplaced > 0) return { tone: 'error', text: `${misplaced} of ${entries.length} rows out of place.` };
  if (excludedCount > 0) {
    const compared = entries.length === 1 ? 'The 1 row compared is' : `The ${entries.length} rows compared are`;
    return {
      tone: 'warning',
      text: `${compared} in ${entries.length === 1 ? 'its' : 'their'} intended place; ${rowsWord(excludedCount)} ${excludedCount === 1 ? 'is' : 'are'} left out.`,
    };
  }
  if (warningCount > 0) return { tone: 'warning', text: 'Every row is in its intended place for now, but see the warning above.' };
  return { tone: 'success', text: 'Every row is in its intended place.' };
}

/**
 * The verdict over the explorer's order comparison: how many rows the
 * template moves, whether its order is the intended one, and what the
 * comparison left out.
 *
 * @example
 * storedOrderVerdict(orders) // { tone: "success", text: "3 of 4 rows change rank under the template, which puts every row in its intended place." }
 */
export function storedOrderVerdict(orders: ItemOrders): OrderVerdict {
  const compared = orders.storedOrder.length;
  if (compared === 0) {
    return orders.rows.length === 0
      ? { tone: 'neutral', text: 'No rows to order.' }
      : {
          tone: 'warning',
          text: `No row could be encoded under the template: ${orders.rows.length === 1 ? 'the loaded row is' : `all ${orders.rows.length.toLocaleString('en-US')} loaded rows are`} listed under Not compared.`,
        };
  }
  const moved = orders.encodedOrder.filter((row) => row.encodedRank !== row.storedRank).length;
  const outOfPlace = countOutOfPlace(orders);
  const placement =
    outOfPlace === 0
      ? 'which puts every row in its intended place'
      : `which leaves ${rowsWord(outOfPlace)} out of ${outOfPlace === 1 ? 'its' : 'their'} intended place`;
  const notes = [
    orders.collisions.length > 0 ? `${orders.collisions.length.toLocaleString('en-US')} ${orders.collisions.length === 1 ? 'collision' : 'collisions'}` : '',
    orders.excluded.length > 0 ? `${orders.excluded.length.toLocaleString('en-US')} not compared` : '',
  ].filter(Boolean);
  const text = `${moved.toLocaleString('en-US')} of ${compared.toLocaleString('en-US')} rows change rank under the template, ${placement}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}.`;
  const warnings = orders.inferredOrders.filter((order) => order.finding).length;
  const tone: StatusTone = outOfPlace > 0 || orders.collisions.length > 0 ? 'error' : orders.excluded.length > 0 || warnings > 0 ? 'warning' : 'success';
  return { tone, text };
}

/**
 * Says that the orders are compared partition by partition, when the rows
 * span more than one (a Scan): ranks count within each partition.
 *
 * @example
 * partitionScopeNote(orders, "leaderboardId") // "Compared within each of the 2 partitions (leaderboardId): …"
 */
export function partitionScopeNote(orders: ItemOrders, partitionKeyName: string): string | undefined {
  const count = orders.partitions.length;
  if (count < 2) return undefined;
  return `Compared within each of the ${count.toLocaleString('en-US')} partitions (${partitionKeyName}): a sort key orders items only inside their partition, so ranks count from 1 in each.`;
}

/** Rows of the encoded order that sit where the intended order puts another rank. */
export function countOutOfPlace(orders: ItemOrders): number {
  let count = 0;
  orders.encodedOrder.forEach((row, index) => {
    if (row.intendedRank !== orders.intendedOrder[index]?.intendedRank) count++;
  });
  return count;
}

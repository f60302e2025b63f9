import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef } from 'react';
import { getOwnAttribute } from '../../expressions';
import { formatCount, valueText, type PlanEntry } from '../../migrate';
import type { MigrateStore } from '../../state/migrate';
import { VisibleText } from '../common/VisibleText';
import { useMigrate } from './useMigrate';

/*
 * The Migrate keys tab's preview: the counts and the cost, collisions, every planned item old → new key
 * (virtualized), and the order diff of one partition. Renders and dispatches only; table data is shown as text.
 */

export function MigrationPreview({ store }: { store: MigrateStore }) {
  const phase = useMigrate(store, (state) => state.phase);
  const countsText = useMigrate(store, (state) => state.countsText);
  const plan = useMigrate(store, (state) => state.plan);
  const cost = useMigrate(store, (state) => state.cost);
  const show = countsText !== undefined || phase === 'previewing';
  return (
    <section className="card migrate-preview" aria-label="Migration preview" hidden={!show}>
      <h3>Preview</h3>
      <p role="status" className="migrate-counts">
        {countsText ?? (phase === 'previewing' ? 'Reading the table…' : '')}
        {phase === 'previewing' && countsText ? ' (reading…)' : ''}
      </p>
      {cost && (
        <p className="migrate-cost small">
          Estimated write cost: <strong>{cost.unitsText}</strong>; {cost.priceText}.
        </p>
      )}
      {plan && plan.collisions.length > 0 && (
        <div className="migrate-problems">
          <h4>Collisions (they block Apply)</h4>
          <ul className="migrate-scroll" tabIndex={0} aria-label="Collisions">
            {plan.collisions.slice(0, 100).map((collision, index) => (
              <li key={index}>
                <VisibleText text={collision.message} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <EntryTable store={store} />
      <OrderDiffView store={store} />
    </section>
  );
}

const ROW_HEIGHT = 28;

/** A key's values only, table key order ("SEASON#1 · 0042#p1"): the column header names the attributes, so the cell fits. */
function keyValues(key: PlanEntry['key']): string {
  return Object.values(key)
    .map((value) => valueText(value))
    .join(' · ');
}

/** An entry's row; copying, every item is written to the target (those not rewritten as they are). */
function entryText(entry: PlanEntry, copying: boolean): { status: string; newKey: string; note: string } {
  const asIs = copying ? keyValues(entry.key) : '';
  switch (entry.status) {
    case 'rewrite':
      return {
        status: 'rewrite',
        newKey: keyValues(entry.newKey),
        note: `${entry.sizeBefore} → ${entry.sizeAfter} bytes${entry.sameKey ? ' (index keys only)' : ''}`,
      };
    case 'cannotEncode':
      return {
        status: "can't encode",
        newKey: asIs,
        note: `${copying ? 'copied as it is; ' : ''}${entry.problems.map((problem) => problem.message).join('; ')}`,
      };
    case 'alreadyMigrated':
      return { status: 'already migrated', newKey: asIs, note: copying ? 'copied unchanged' : '' };
    case 'otherEntity':
      return { status: 'other entity', newKey: asIs, note: copying ? 'other entity copied' : 'left alone' };
    default:
      return { status: 'unchanged', newKey: asIs, note: copying ? 'copied unchanged' : '' };
  }
}

/** Every planned item, old → new key, virtualized (a preview may hold a million rows). */
function EntryTable({ store }: { store: MigrateStore }) {
  const entries = useMigrate(store, (state) => state.entries);
  // The entries array grows in place while previewing: its count is what changes.
  const entryCount = useMigrate(store, (state) => state.entryCount);
  const plan = useMigrate(store, (state) => state.plan);
  const keyNames = plan ? [plan.spec.partitionKey, ...(plan.spec.sortKey ? [plan.spec.sortKey] : [])].join(' · ') : 'table key';
  const copying = plan?.counts.copying ?? false;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({ count: entryCount, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  if (entryCount === 0) return null;
  return (
    <div role="table" aria-label="Old and new keys" aria-rowcount={entryCount + 1} className="migrate-entries">
      <div role="rowgroup">
        <div role="row" className="migrate-entry-row migrate-entry-head" aria-rowindex={1}>
          <span role="columnheader">Status</span>
          <span role="columnheader">Old key ({keyNames})</span>
          <span role="columnheader">New key ({keyNames})</span>
          <span role="columnheader">Details</span>
        </div>
      </div>
      <div role="rowgroup" ref={scrollRef} className="migrate-entries-body">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const entry = entries[row.index] as PlanEntry;
            const text = entryText(entry, copying);
            return (
              <div
                role="row"
                key={row.key}
                title={`${keyValues(entry.key)}${text.newKey ? ` → ${text.newKey}` : ''}`}
                aria-rowindex={row.index + 2}
                className={`migrate-entry-row status-${entry.status}`}
                style={{ position: 'absolute', top: 0, transform: `translateY(${row.start}px)`, height: ROW_HEIGHT, width: '100%' }}
              >
                <span role="cell">{text.status}</span>
                <span role="cell" className="mono">
                  <VisibleText text={keyValues(entry.key)} />
                </span>
                <span role="cell" className="mono">
                  <VisibleText text={text.newKey} />
                </span>
                <span role="cell" className="small" title={text.note || undefined}>
                  <VisibleText text={text.note} />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Rows listed in the order diff; `moved` counts them all. */
const ORDER_ROWS = 200;

function OrderDiffView({ store }: { store: MigrateStore }) {
  const partitions = useMigrate(store, (state) => state.partitions);
  const partition = useMigrate(store, (state) => state.partition);
  const diff = useMigrate(store, (state) => state.orderDiff);
  const plan = useMigrate(store, (state) => state.plan);
  const id = useId();
  if (!plan || !diff) return null;
  const sortKey = plan.spec.sortKey ?? '';
  const judged = diff.newOutOfPlace !== undefined;
  const sortText = (entry: PlanEntry, after: boolean) => {
    const item = after && entry.status === 'rewrite' ? entry.newItem : entry.item;
    const value = getOwnAttribute(item, sortKey);
    return value?.S ?? value?.N ?? '';
  };
  return (
    <div className="migrate-order">
      <h4>Order diff</h4>
      <div className="migrate-choices">
        <label htmlFor={`${id}partition`}>Partition</label>
        <select id={`${id}partition`} value={partition ?? ''} onChange={(event) => store.getState().choosePartition(event.target.value)}>
          {partitions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <span role="status" className="muted">
          {formatCount(diff.moved)} of {formatCount(diff.rows.length)} items change rank (stored order vs new order, DynamoDB’s byte order).
          {diff.newOutOfPlace !== undefined && diff.storedOutOfPlace !== undefined && ` ${intendedOrderText(diff.storedOutOfPlace, diff.newOutOfPlace)}`}
        </span>
      </div>
      <div className="migrate-scroll migrate-order-scroll" tabIndex={0} role="group" aria-label="Order diff rows">
        <table className="migrate-order-table" aria-label="Stored order vs new order">
          <thead>
            <tr>
              <th scope="col">Stored rank</th>
              <th scope="col">Stored sort key</th>
              <th scope="col">New rank</th>
              <th scope="col">New sort key</th>
              <th scope="col">Move</th>
              {judged && <th scope="col">Intended rank</th>}
            </tr>
          </thead>
          <tbody>
            {diff.rows.slice(0, ORDER_ROWS).map((row) => (
              <tr key={row.oldRank} className={row.move === 0 ? undefined : 'moved'}>
                <td>{row.oldRank}</td>
                <td className="mono">
                  <VisibleText text={sortText(row.entry, false)} />
                </td>
                <td>{row.newRank}</td>
                <td className="mono">
                  <VisibleText text={sortText(row.entry, true)} />
                </td>
                <td>{row.move === 0 ? '–' : row.move > 0 ? `↑ ${row.move}` : `↓ ${-row.move}`}</td>
                {judged && <td>{row.intendedRank ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {diff.rows.length > ORDER_ROWS && (
        <p className="muted small">
          First {ORDER_ROWS} of {formatCount(diff.rows.length)} items in stored order.
        </p>
      )}
    </div>
  );
}

/** Whether the new keys put the items where their fields mean them to be (the one judge of intended order), beside the stored keys. */
function intendedOrderText(storedOutOfPlace: number, newOutOfPlace: number): string {
  const items = (count: number) => `${formatCount(count)} item${count === 1 ? '' : 's'}`;
  const stored =
    storedOutOfPlace === 0
      ? 'the stored order has every item in its intended place'
      : `the stored order has ${items(storedOutOfPlace)} out of their intended place`;
  const after =
    newOutOfPlace === 0
      ? 'the new order puts every item in its intended place'
      : `the new order still leaves ${items(newOutOfPlace)} out of their intended place`;
  return `By what the sort key’s fields mean, ${stored}; ${after}.`;
}

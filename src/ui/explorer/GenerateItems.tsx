import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { MAX_GENERATED_ITEMS } from '../../sources';
import type { ExplorerStore } from '../../state';
import { MessageText, VisibleText } from '../common/VisibleText';
import { useAppStores, useBuiltInTable } from '../stores';

/**
 * Fills one partition of a built-in table with generated items (scale demos,
 * `npm run bench:grid`). Shown only while the explorer is on the built-in table.
 */
export function GenerateItems({ store }: { store: ExplorerStore }) {
  const source = useStore(store, (state) => state.source);
  const table = useStore(store, (state) => state.table);
  const builtInSource = useBuiltInTable((state) => state.source);
  const generation = useBuiltInTable((state) => state.generation);
  const { generateItems } = useAppStores().builtInTable.getState();
  const [partition, setPartition] = useState('GENERATED#1');
  const [count, setCount] = useState('100000');
  const headingId = useId();
  const partitionId = useId();
  const countId = useId();
  if (!builtInSource || source !== builtInSource || !table) return null;
  const partitionKey = table.keys.partitionKey;

  return (
    <section className="card generate-items" aria-labelledby={headingId}>
      <h3 id={headingId}>Generate items</h3>
      <p className="muted small">
        Fills one partition of <VisibleText text={table.name} /> in the built-in table with generated items (up to {MAX_GENERATED_ITEMS.toLocaleString('en-US')}
        ), sort keys in order; items with the same keys are replaced.
      </p>
      <div className="generate-row">
        <label htmlFor={partitionId}>
          Partition to fill (<VisibleText text={partitionKey.name} />)
        </label>
        <input id={partitionId} value={partition} onChange={(event) => setPartition(event.target.value)} />
        <label htmlFor={countId}>Items to generate</label>
        <input id={countId} inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
        <button type="button" onClick={() => void generateItems({ table, partition, count })} disabled={generation?.running}>
          Generate items
        </button>
      </div>
      {generation && (
        <p className={generation.error ? 'field-error' : 'muted'} role={generation.error ? 'alert' : 'status'}>
          <MessageText parts={generation.message} />
        </p>
      )}
    </section>
  );
}

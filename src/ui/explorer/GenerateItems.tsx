import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { generateCollection, MAX_GENERATED_ITEMS } from '../../engine/samples';
import type { ExplorerStore } from '../../state/explorerStore';
import { builtInTableStore } from '../stores';

/**
 * Fills one partition of a built-in table with generated items (scale demos,
 * `npm run bench:grid`). Shown only while the explorer is on the built-in table.
 */
export function GenerateItems({ store }: { store: ExplorerStore }) {
  const source = useStore(store, (state) => state.source);
  const table = useStore(store, (state) => state.table);
  const builtIn = useStore(builtInTableStore, (state) => state);
  const [partition, setPartition] = useState('GENERATED#1');
  const [count, setCount] = useState('100000');
  const [status, setStatus] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const partitionId = useId();
  const countId = useId();
  if (!builtIn.engine || source !== builtIn.source || !table) return null;
  const engine = builtIn.engine;
  const partitionKey = table.keys.partitionKey;

  const generate = async () => {
    const howMany = Number(count);
    setBusy(true);
    setStatus({ text: `Generating ${count} items…`, error: false });
    const started = performance.now();
    try {
      const result = await generateCollection(engine, {
        table: table.name,
        partitionKeyValue: partitionKey.type === 'N' ? partition : partitionKey.type === 'B' ? new TextEncoder().encode(partition) : partition,
        count: howMany,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      setStatus({ text: `Generated ${result.loaded.toLocaleString('en-US')} items in ${partitionKey.name} = ${partition} (${seconds} s).`, error: false });
    } catch (error) {
      setStatus({ text: error instanceof Error ? `${error.name}: ${error.message}` : String(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card generate-items" aria-labelledby={headingId}>
      <h3 id={headingId}>Generate items</h3>
      <p className="muted small">
        Fills one partition of {table.name} in the built-in table with generated items (up to {MAX_GENERATED_ITEMS.toLocaleString('en-US')}), sort keys in order; items with the same keys are replaced.
      </p>
      <div className="generate-row">
        <label htmlFor={partitionId}>Partition to fill ({partitionKey.name})</label>
        <input id={partitionId} value={partition} onChange={(event) => setPartition(event.target.value)} />
        <label htmlFor={countId}>Items to generate</label>
        <input id={countId} inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
        <button type="button" onClick={() => void generate()} disabled={busy}>
          Generate items
        </button>
      </div>
      {status && (
        <p className={status.error ? 'field-error' : 'muted'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </section>
  );
}

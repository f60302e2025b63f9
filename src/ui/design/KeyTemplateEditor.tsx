import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import {
  compareSampleOrders,
  templateFields,
  type FieldSegment,
  type KeyTemplate,
  type KeyType,
  type ReadDirection,
  type SampleOrders,
  type SampleRow,
} from '../../keys';
import { SampleOrderComparison } from '../keyBuilder/SampleOrderComparison';
import { SampleValuesTable } from '../keyBuilder/SampleValuesTable';
import { SegmentEditor } from '../keyBuilder/SegmentEditor';
import { TemplateField } from '../keyBuilder/TemplateField';
import { WidthAdvisor } from '../keyBuilder/WidthAdvisor';
import { useKeyDesign } from '../stores';

// The key-design module export carries the generated codec runtime (codegen): loaded after the first paint.
const ExportKeyDesign = lazy(async () => ({ default: (await import('../keyBuilder/ExportKeyDesign')).ExportKeyDesign }));

/**
 * The key builder's pieces for one template of an entity, each rendered
 * inside a KeyDesignScope holding that template's adapter store: the text
 * and the segments (with the width advisor when the template pads a number),
 * the entity's sample rows, and, for a sort key, the raw-vs-encoded order and
 * the module export.
 */
export function KeyTemplateGroup({ attribute, role }: { attribute: string; role: 'partition' | 'sort' }) {
  const template = useKeyDesign((state) => state.template);
  const padded = templateFields(template).some((field) => field.format.kind !== 'string' && field.format.kind !== 'iso');
  return (
    <div role="group" aria-label={`${attribute} key`} className="key-template-group">
      <div className="key-template-main">
        <TemplateField label={`${attribute} template`} />
        <details className="segments-disclosure" open={role === 'sort'}>
          <summary>Segments of {attribute}</summary>
          <SegmentEditor />
        </details>
      </div>
      {padded && (
        <div className="key-template-advisor">
          <h5>Width advisor</h5>
          <WidthAdvisor />
        </div>
      )}
    </div>
  );
}

const sampleOrdersCache = new WeakMap<KeyTemplate, WeakMap<readonly SampleRow[], Partial<Record<`${KeyType}-${ReadDirection}`, SampleOrders>>>>();

/** compareSampleOrders once per template, rows, direction and key type: the samples table and the order lists share it. */
function sampleOrdersOf(template: KeyTemplate, rows: readonly SampleRow[], direction: ReadDirection, keyType: KeyType): SampleOrders {
  let byRows = sampleOrdersCache.get(template);
  if (!byRows) sampleOrdersCache.set(template, (byRows = new WeakMap()));
  let byDirection = byRows.get(rows);
  if (!byDirection) byRows.set(rows, (byDirection = {}));
  return (byDirection[`${keyType}-${direction}`] ??= compareSampleOrders(template, rows, direction, keyType));
}

/**
 * The template in scope's sample orders, a render behind typing: a keystroke
 * first updates the template text and the item collection, then (deferred,
 * interruptible by the next keystroke) these 1,000-row lists. The key
 * attribute's declared type decides how keys sort and what the values mean.
 */
function useDeferredSampleOrders(): SampleOrders {
  const template = useDeferredValue(useKeyDesign((state) => state.template));
  const rows = useDeferredValue(useKeyDesign((state) => state.sampleRows));
  const direction = useKeyDesign((state) => state.direction);
  const keyType = useKeyDesign((state) => state.keyType ?? 'S');
  return useMemo(() => sampleOrdersOf(template, rows, direction, keyType), [template, rows, direction, keyType]);
}

/** The entity's sample rows, with the keys of the template in scope (its sort key's). */
export function EntitySamples({ fields }: { fields: readonly FieldSegment[] }) {
  const orders = useDeferredSampleOrders();
  return <SampleValuesTable orders={orders} fields={fields} />;
}

/** For a sort-key template: the samples in raw and in encoded order, and the key-design module. */
export function TemplateOrderGroup({ attribute }: { attribute: string }) {
  const orders = useDeferredSampleOrders();
  return (
    <div role="group" aria-label={`${attribute} order`} className="key-template-order">
      <h5>Order of {attribute}</h5>
      <SampleOrderComparison orders={orders} />
      <Suspense
        fallback={
          <p role="status" className="muted small">
            Loading the export…
          </p>
        }
      >
        <ExportKeyDesign />
      </Suspense>
    </div>
  );
}

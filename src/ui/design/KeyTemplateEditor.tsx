import { lazy, Suspense, useMemo } from 'react';
import { compareSampleOrders, templateFields, type FieldSegment } from '../../keys';
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

/** The entity's sample rows, with the keys of the template in scope (its sort key's). */
export function EntitySamples({ fields }: { fields: readonly FieldSegment[] }) {
  const template = useKeyDesign((state) => state.template);
  const rows = useKeyDesign((state) => state.sampleRows);
  const direction = useKeyDesign((state) => state.direction);
  const orders = useMemo(() => compareSampleOrders(template, rows, direction), [template, rows, direction]);
  return <SampleValuesTable orders={orders} fields={fields} />;
}

/** For a sort-key template: the samples in raw and in encoded order, and the key-design module. */
export function TemplateOrderGroup({ attribute }: { attribute: string }) {
  const template = useKeyDesign((state) => state.template);
  const rows = useKeyDesign((state) => state.sampleRows);
  const direction = useKeyDesign((state) => state.direction);
  const orders = useMemo(() => compareSampleOrders(template, rows, direction), [template, rows, direction]);
  return (
    <div role="group" aria-label={`${attribute} order`} className="key-template-order">
      <h5>Order of {attribute}</h5>
      <SampleOrderComparison orders={orders} />
      <Suspense fallback={<p role="status" className="muted small">Loading the export…</p>}>
        <ExportKeyDesign />
      </Suspense>
    </div>
  );
}

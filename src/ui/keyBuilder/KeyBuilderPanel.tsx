import { useMemo } from 'react';
import { compareSampleOrders } from '../../keys';
import { useKeyDesign } from '../stores';
import { ExportKeyDesign } from './ExportKeyDesign';
import { SampleOrderComparison } from './SampleOrderComparison';
import { SampleValuesTable } from './SampleValuesTable';
import { SegmentEditor } from './SegmentEditor';
import { TemplateField } from './TemplateField';
import { WidthAdvisor } from './WidthAdvisor';

/**
 * The key builder: design a sort key, try it on sample rows, and see the order
 * DynamoDB would return under raw and encoded keys.
 */
export function KeyBuilderPanel() {
  const template = useKeyDesign((state) => state.template);
  const rows = useKeyDesign((state) => state.sampleRows);
  const direction = useKeyDesign((state) => state.direction);
  const reset = useKeyDesign((state) => state.reset);
  const orders = useMemo(() => compareSampleOrders(template, rows, direction), [template, rows, direction]);

  return (
    <section className="panel key-builder" aria-labelledby="key-builder-title">
      <header className="panel-header">
        <h2 id="key-builder-title">Key builder</h2>
        <button type="button" className="link-button" onClick={reset}>
          Reset to the leaderboard example
        </button>
      </header>
      <div className="card">
        <TemplateField />
      </div>
      <div className="key-builder-grid">
        <div className="card">
          <h3>Segments</h3>
          <SegmentEditor />
        </div>
        <div className="card">
          <h3>Width advisor</h3>
          <WidthAdvisor />
        </div>
      </div>
      <div className="card">
        <h3>Sample values</h3>
        <SampleValuesTable orders={orders} />
      </div>
      <div className="card">
        <h3>Order comparison</h3>
        <SampleOrderComparison orders={orders} />
      </div>
      <ExportKeyDesign />
    </section>
  );
}

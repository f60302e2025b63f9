import { useId } from 'react';
import type { ComparedSample, KeyComparison, KeySide, MultiAttributeComparison, PatternServability, ServabilityVerdict, SideKey } from '../../design';
import { VisibleText } from '../common/VisibleText';

/**
 * A comparison's result: the summary, both orders side by side (keys that
 * differ marked), bytes per key, where the orders disagree, what could not
 * be encoded, and for a multi-attribute comparison the access patterns each
 * key serves. Keys are untrusted text: rendered through VisibleText.
 */
export function ComparisonResults({ comparison, multi }: { comparison: KeyComparison; multi?: MultiAttributeComparison }) {
  const bySample = new Map(comparison.samples.map((sample) => [sample.entity + '\u0000' + sample.sampleId, sample]));
  const disagreeing = new Set(comparison.disagreements.map((disagreement) => disagreement.position));
  return (
    <div className="compare-results">
      <p role="status" className="compare-summary">
        {comparison.summary}
      </p>
      {multi && <MultiAttributeNotes multi={multi} />}
      <div className="compare-columns">
        <SideOrder side={comparison.left} title="Left order" bySample={bySample} disagreeing={disagreeing} />
        <SideOrder side={comparison.right} title="Right order" bySample={bySample} disagreeing={disagreeing} />
      </div>
      {comparison.disagreements.length > 0 && (
        <details className="compare-disagreements">
          <summary>Where the orders disagree ({comparison.disagreements.length})</summary>
          <ul>
            {comparison.disagreements.map((disagreement) => (
              <li key={disagreement.position}>
                Position {disagreement.position}: left has <VisibleText text={disagreement.left.sampleId} />, right has{' '}
                <VisibleText text={disagreement.right.sampleId} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="muted small">
        Bytes: <strong>value</strong> is what DynamoDB&rsquo;s key size limits count (S: UTF-8 bytes; N: 1 byte per 2 significant digits + 1);{' '}
        <strong>stored</strong> adds the attribute names, as an item&rsquo;s size does. Both cover every key attribute, partition and sort.
      </p>
      {multi && <PatternTable patterns={multi.patterns} />}
    </div>
  );
}

function SideOrder({
  side,
  title,
  bySample,
  disagreeing,
}: {
  side: KeySide;
  title: string;
  bySample: ReadonlyMap<string, ComparedSample>;
  disagreeing: ReadonlySet<number>;
}) {
  const headingId = useId();
  const direction = side.spec.direction === 'descending' ? 'ScanIndexForward = false' : 'ScanIndexForward = true';
  const where = side.spec.indexName ? `index ${side.spec.indexName}` : `table ${side.spec.table.name}`;
  const keyNames = [...side.schema.partition, ...side.schema.sort].map((attribute) => `${attribute.name} ${attribute.type}`).join(', ');
  // Positions count only samples both sides encoded, as the disagreements do.
  const positions = new Map<SideKey, number>();
  for (const key of side.order) {
    const sample = bySample.get(key.entity + '\u0000' + key.sampleId);
    if (sample?.left && sample.right) positions.set(key, positions.size + 1);
  }
  return (
    <section className="compare-side" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}
        {side.spec.label !== 'Left' && side.spec.label !== 'Right' && (
          <>
            : <VisibleText text={side.spec.label} />
          </>
        )}
      </h3>
      <p className="muted small">
        {where} ({keyNames}), {direction}
      </p>
      {side.problems.map((problem) => (
        <p key={problem} className="field-error">
          {problem}
        </p>
      ))}
      {side.failures.length > 0 && (
        <div className="field-error">
          <p>{side.failures.length === 1 ? '1 sample has' : `${side.failures.length} samples have`} no key here:</p>
          <ul aria-label="Samples without a key">
            {side.failures.map((failure) => (
              <li key={failure.entity + failure.sampleId + failure.attribute}>
                <VisibleText text={`${failure.entity} ${failure.sampleId}`} />: <VisibleText text={failure.message} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {side.notInIndex.length > 0 && <p className="muted small">Not in this key (no template for it): {side.notInIndex.join(', ')}</p>}
      <ol className="compare-keys" aria-label="Keys in order">
        {side.order.map((key, index) => {
          const sample = bySample.get(key.entity + '\u0000' + key.sampleId);
          const position = positions.get(key);
          const outOfOrder = position !== undefined && disagreeing.has(position);
          // The partition key is shown where it changes: the rows under it are one item collection.
          const newPartition = index === 0 || side.order[index - 1]?.partitionText !== key.partitionText;
          return (
            <KeyRow key={key.entity + key.sampleId} sideKey={key} differs={sample?.differs ?? true} outOfOrder={outOfOrder} showPartition={newPartition} />
          );
        })}
      </ol>
    </section>
  );
}

function KeyRow({ sideKey, differs, outOfOrder, showPartition }: { sideKey: SideKey; differs: boolean; outOfOrder: boolean; showPartition: boolean }) {
  const className = ['compare-key', differs ? 'differs' : '', outOfOrder ? 'out-of-order' : ''].filter(Boolean).join(' ');
  return (
    <li className={className} data-sample-id={sideKey.sampleId}>
      {showPartition && sideKey.sortText && (
        <span className="compare-key-partition mono muted small">
          <VisibleText text={sideKey.partitionText} />
        </span>
      )}
      <span className="compare-key-sample">
        <VisibleText text={sideKey.sampleId} />
        {differs && <span className="compare-tag">differs</span>}
        {outOfOrder && <span className="compare-tag">other position</span>}
      </span>
      <span className="compare-key-text mono">
        <VisibleText text={sideKey.sortText || sideKey.partitionText} />
      </span>
      <span className="compare-key-bytes muted small">
        {sideKey.bytes.valueBytes} B value · {sideKey.bytes.storedBytes} B stored
      </span>
    </li>
  );
}

function MultiAttributeNotes({ multi }: { multi: MultiAttributeComparison }) {
  const { variant } = multi;
  return (
    <div className="compare-notes">
      <p>
        <VisibleText text={`${variant.source.attribute} = ${variant.source.template}`} /> becomes GSI <VisibleText text={variant.indexName} /> with partition
        key {variant.partition.map((attribute) => `${attribute.name} ${attribute.type}`).join(', ')} and sort key{' '}
        {variant.sort.map((attribute) => `${attribute.name} ${attribute.type}`).join(', ')}
        {variant.droppedLiterals.length > 0 && <> (literals dropped: {variant.droppedLiterals.map((literal) => `"${literal}"`).join(' ')})</>}. Each attribute
        compares by its type, left to right: numbers numerically, no padding.
      </p>
      {variant.notes.map((note) => (
        <p key={note} className="muted small">
          <VisibleText text={note} />
        </p>
      ))}
    </div>
  );
}

function PatternTable({ patterns }: { patterns: readonly PatternServability[] }) {
  return (
    <div className="table-scroll compare-patterns">
      <table>
        <caption>Access patterns each key can serve</caption>
        <thead>
          <tr>
            <th scope="col">Pattern</th>
            <th scope="col">Concatenated key</th>
            <th scope="col">Multi-attribute key</th>
          </tr>
        </thead>
        <tbody>
          {patterns.map((pattern) => (
            <tr key={pattern.patternId} data-pattern-id={pattern.patternId}>
              <th scope="row">
                <VisibleText text={pattern.name} />
                {pattern.derived && <span className="compare-tag">derived from the template</span>}
                <span className="muted small compare-condition">
                  <VisibleText text={pattern.condition} />
                </span>
              </th>
              <VerdictCell verdict={pattern.concatenated} applies={pattern.applies} />
              <VerdictCell verdict={pattern.multiAttribute} applies={pattern.applies} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VerdictCell({ verdict, applies }: { verdict: ServabilityVerdict; applies: boolean }) {
  const label = !applies ? 'Other key' : verdict.serves ? 'Serves' : 'Cannot serve';
  return (
    <td className="compare-verdict" data-serves={applies ? String(verdict.serves) : 'n/a'}>
      <strong>{label}</strong> <VisibleText text={verdict.reason} />
    </td>
  );
}

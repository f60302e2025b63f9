import { useId } from 'react';
import { useStore } from 'zustand';
import type { ConvertedKeySide, ConvertedPatternCheck, EntityBackfill, IndexDesign, KeyAttributeDesign, MultiAttributeConversion } from '../../design';
import type { ConversionPreview } from '../../state';
import { DraftInput } from '../common/DraftInput';
import { useModal } from '../common/useModal';
import { MessageSpans, VisibleText } from '../common/VisibleText';
import { useAppStores } from '../stores';
import { ComparisonResults } from './CompareDesignsResults';
import './compareDesigns.css';
import './multiAttributeConversion.css';

/**
 * The Multi-attribute conversion preview (opened by an index's Convert to
 * multi-attribute key button or the review finding's fix): the index before
 * and after, the samples' old string order beside the new typed order, each
 * access pattern's key condition left to right, and what stored items need.
 * Apply changes the design (one edit); Cancel leaves it untouched. Design
 * text is untrusted: rendered as text only.
 */
export function MultiAttributeConversionDialog() {
  const { multiAttributeConversion: store } = useAppStores();
  const preview = useStore(store, (state) => state.preview);
  const problem = useStore(store, (state) => state.problem);
  const { close, apply, setNewIndexName } = store.getState();
  const modal = useModal(preview !== undefined, close);
  const titleId = useId();
  return (
    <dialog {...modal} className="multi-attribute-dialog" aria-labelledby={titleId}>
      <h2 id={titleId}>Multi-attribute conversion</h2>
      {preview && <PreviewBody preview={preview} onRename={setNewIndexName} />}
      {problem && (
        <p className="field-error" role="alert">
          <VisibleText text={problem} />
        </p>
      )}
      <div className="button-row multi-attribute-actions">
        <button type="button" className="primary" disabled={!preview?.result.ok} onClick={() => apply()}>
          Apply
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

function PreviewBody({ preview, onRename }: { preview: ConversionPreview; onRename: (name: string) => void }) {
  const { result } = preview;
  return (
    <div className="multi-attribute-body">
      <p className="muted small">
        GSI <VisibleText text={preview.index} /> of table <VisibleText text={preview.table} />: each field of its concatenated key becomes a typed attribute
        (DynamoDB since November 2025: up to four partition and four sort attributes, compared left to right, each by its type). Nothing changes until Apply.
      </p>
      <DraftInput
        label="Converted index name"
        showLabel
        inputClassName="mono"
        value={preview.newIndexName}
        validate={(name) => (name.trim() === '' ? 'Name the converted index (the same name replaces the old index).' : undefined)}
        onCommit={onRename}
      />
      <p className="muted small">
        The same name replaces the index (DynamoDB deletes and creates it again); a new name creates it next to the old one, which serves reads until the new
        one is backfilled.
      </p>
      {result.ok ? (
        <ConversionDetails conversion={result.conversion} />
      ) : (
        <p className="field-error" role="alert">
          <VisibleText text={result.message} />
        </p>
      )}
    </div>
  );
}

function ConversionDetails({ conversion }: { conversion: MultiAttributeConversion }) {
  const orderId = useId();
  const patternsId = useId();
  const itemsId = useId();
  return (
    <>
      <IndexBeforeAfter conversion={conversion} />
      <ul className="multi-attribute-notes small">
        {conversion.notes.map((note) => (
          <li key={note}>
            <VisibleText text={note} />
          </li>
        ))}
      </ul>
      <section aria-labelledby={orderId}>
        <h3 id={orderId}>Order of the samples: old string order beside the new typed order</h3>
        <ComparisonResults comparison={conversion.orders} />
      </section>
      <section aria-labelledby={patternsId}>
        <h3 id={patternsId}>Access patterns on the index</h3>
        <PatternChecks patterns={conversion.patterns} />
      </section>
      <section aria-labelledby={itemsId}>
        <h3 id={itemsId}>What the stored items need</h3>
        <BackfillList backfill={conversion.backfill} removed={conversion.removedAttributes} />
      </section>
    </>
  );
}

const attributeText = (attribute: KeyAttributeDesign) => `${attribute.name} (${attribute.type})`;

/** One index's key, left to right: "Partition: playerId (S) · Sort: 1. ts (N) 2. score (N)". */
function KeyColumn({ title, index, sides }: { title: string; index: IndexDesign; sides: readonly ConvertedKeySide[] }) {
  const headingId = useId();
  const templates = (role: 'partition' | 'sort') => sides.find((side) => side.role === role && side.source)?.source?.templates;
  const list = (role: 'partition' | 'sort', attributes: readonly KeyAttributeDesign[]) => (
    <div className="multi-attribute-key">
      <span className="muted small">{role === 'partition' ? 'Partition key' : 'Sort key'}</span>
      {attributes.length === 0 ? (
        <span className="muted small"> none</span>
      ) : (
        <ol aria-label={`${title} ${role} attributes`} className="mono">
          {attributes.map((attribute) => (
            <li key={attribute.name}>
              <VisibleText text={attributeText(attribute)} />
              {title === 'Before' && templates(role) && (
                <span className="muted small">
                  {' '}
                  = <VisibleText text={[...new Set(Object.values(templates(role) ?? {}))].join(' | ')} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
  return (
    <section className="multi-attribute-column" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}: <VisibleText text={index.name} />
      </h3>
      {list('partition', index.partitionKey)}
      {list('sort', index.sortKey)}
    </section>
  );
}

function IndexBeforeAfter({ conversion }: { conversion: MultiAttributeConversion }) {
  const sides = [conversion.partition, conversion.sort];
  return (
    <div className="multi-attribute-columns">
      <KeyColumn title="Before" index={conversion.before} sides={sides} />
      <KeyColumn title="After" index={conversion.after} sides={sides} />
    </div>
  );
}

function PatternChecks({ patterns }: { patterns: readonly ConvertedPatternCheck[] }) {
  if (patterns.length === 0) return <p className="muted small">No access pattern queries this index.</p>;
  return (
    <div className="table-scroll">
      <table className="multi-attribute-patterns">
        <caption className="visually-hidden">Each access pattern on the concatenated key and on the typed key</caption>
        <thead>
          <tr>
            <th scope="col">Pattern</th>
            <th scope="col">Concatenated key</th>
            <th scope="col">Multi-attribute key (left to right)</th>
          </tr>
        </thead>
        <tbody>
          {patterns.map((pattern) => (
            <tr key={pattern.patternId} data-serves={String(pattern.serves)}>
              <th scope="row">
                <VisibleText text={pattern.name} />
              </th>
              <td>
                <strong>{pattern.servedBefore ? 'Query' : 'Not a Query'}</strong>{' '}
                {pattern.before && (
                  <code>
                    <VisibleText text={pattern.before} />
                  </code>
                )}
              </td>
              <td>
                <strong>{pattern.serves ? 'Serves' : 'Cannot serve'}</strong>{' '}
                {pattern.after && (
                  <code>
                    <VisibleText text={pattern.after} />
                  </code>
                )}{' '}
                <span className="small">
                  <MessageSpans text={pattern.reason} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BackfillList({ backfill, removed }: { backfill: readonly EntityBackfill[]; removed: readonly string[] }) {
  return (
    <>
      <ul className="multi-attribute-backfill">
        {backfill.map((entity) => (
          <li key={entity.entity}>
            <strong>
              <VisibleText text={entity.entity} />
            </strong>
            : {entity.needsWrite ? 'attributes to write before the index holds its items' : 'nothing to write: the items are indexed as they are'}
            <ul>
              {entity.attributes.map((attribute) => (
                <li key={attribute.name}>
                  <span className="format-tag">
                    {attribute.status === 'exists' ? 'already on the items' : attribute.derivable ? 'to write' : 'the application must write'}
                  </span>{' '}
                  <VisibleText text={attribute.explanation} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {removed.length > 0 && (
        <p className="muted small">
          No longer written by the converted design (stored items keep them until removed): <VisibleText text={removed.join(', ')} />
        </p>
      )}
    </>
  );
}

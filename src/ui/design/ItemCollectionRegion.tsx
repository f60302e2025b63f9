import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useId, useMemo, useRef, useState } from 'react';
import {
  buildItemCollection,
  defaultPartition,
  explainOutOfPlace,
  listPartitions,
  positionedRow,
  type CollectionRow,
  type ItemCollection,
  type KeyPartText,
  type PartitionSummary,
} from '../../design';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import type { DesignRegionProps } from './designRegionProps';
import './itemCollection.css';

/** Rows in view beyond the visible ones, so a scroll step rarely shows an empty slot. */
const OVERSCAN = 8;
const ROW_HEIGHT = 30;
const OUT_OF_PLACE_ROW_HEIGHT = 54;
/** Samples that don't encode are listed up to this many (a broken template can fail every sample of an entity). */
const MAX_UNENCODABLE_SHOWN = 50;

/**
 * The item collection view: one partition-key value of the table or one of
 * its indexes, every entity's sample items together in DynamoDB's order, the
 * encoded sort key beside the naive one, and the rows the naive keys would
 * put elsewhere marked with why. Rows are virtualized (20,000 render fast);
 * the collection is rebuilt on every design change, one entity re-encoded
 * (src/design/itemCollection caches the rest).
 */
export function ItemCollectionRegion({ table }: DesignRegionProps) {
  const headingId = useId();
  const indexSelectId = useId();
  const partitionSelectId = useId();
  const [indexChoice, setIndexChoice] = useState('');
  const [partitionChoice, setPartitionChoice] = useState<string | undefined>(undefined);
  const indexName = table.indexes.some((index) => index.name === indexChoice) ? indexChoice : undefined;
  const partitions = useMemo(() => listPartitions(table, indexName), [table, indexName]);
  // A template edit can change every partition value: then the chosen one is gone and the default shows.
  const partition = partitions.find((entry) => entry.id === partitionChoice) ?? defaultPartition(partitions);
  const partitionId = partition?.id;
  const collection = useMemo(
    () => (partitionId === undefined ? undefined : buildItemCollection(table, { ...(indexName === undefined ? {} : { indexName }), partition: partitionId })),
    [table, indexName, partitionId],
  );

  return (
    <section className="card item-collection" aria-labelledby={headingId}>
      <h3 id={headingId}>Item collection</h3>
      <p className="muted small">
        One partition’s items, every entity together, in DynamoDB’s order of the sort key (what a Query returns with ScanIndexForward = true), beside the naive
        key: the same template with the values as typed, unencoded.
      </p>
      <div className="ic-controls">
        <div className="ic-control">
          <label htmlFor={indexSelectId}>Table or index</label>
          <select id={indexSelectId} value={indexName ?? ''} onChange={(event) => setIndexChoice(event.target.value)}>
            <option value="">{visibleString(table.name)} (table)</option>
            {table.indexes.map((index) => (
              <option key={index.name} value={index.name}>
                {visibleString(index.name)} ({index.kind})
              </option>
            ))}
          </select>
        </div>
        <div className="ic-control">
          <label htmlFor={partitionSelectId}>Partition key value</label>
          <select
            id={partitionSelectId}
            value={partitionId ?? ''}
            disabled={partitions.length === 0}
            onChange={(event) => setPartitionChoice(event.target.value)}
          >
            {partitions.length === 0 && <option value="">No partition</option>}
            {partitions.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {partitionOptionLabel(entry)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!collection || collection.rows.length === 0 ? (
        <p className="muted">
          {indexName === undefined
            ? 'No sample item has encodable keys yet: add entities and sample rows.'
            : 'No entity has keys for this index (it is sparse), or their samples don’t encode.'}
        </p>
      ) : (
        <CollectionRows collection={collection} />
      )}
      {collection && collection.unencodable.length > 0 && <UnencodableList collection={collection} />}
    </section>
  );
}

function partitionOptionLabel(partition: PartitionSummary): string {
  const entities = partition.entities.map((entry) => `${visibleString(entry.entity)} ${entry.itemCount}`).join(', ');
  return `${formatKeyText(partition.parts)} — ${partition.itemCount} item${partition.itemCount === 1 ? '' : 's'} (${entities})`;
}

/** A key as one line of text: one attribute as is, a multi-attribute key as `name: value · name: value`. */
function formatKeyText(parts: readonly KeyPartText[]): string {
  if (parts.length === 1) return visibleString((parts[0] as KeyPartText).text);
  return parts.map((part) => `${visibleString(part.attribute)}: ${visibleString(part.text)}`).join(' · ');
}

function CollectionRows({ collection }: { collection: ItemCollection }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = collection.rows;
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (collection.rawPositions[index] !== index + 1 ? OUT_OF_PLACE_ROW_HEIGHT : ROW_HEIGHT),
    overscan: OVERSCAN,
  });
  const entityCount = collection.partition?.entities.length ?? 0;
  return (
    <>
      <p className={collection.outOfPlaceCount > 0 || collection.notIntendedCount > 0 ? 'ic-summary ic-summary-bad' : 'ic-summary'} role="status">
        {rows.length.toLocaleString('en-US')} item{rows.length === 1 ? '' : 's'} of {entityCount} entit{entityCount === 1 ? 'y' : 'ies'}.{' '}
        {collection.outOfPlaceCount === 0
          ? 'The naive keys would give the same order.'
          : `${collection.outOfPlaceCount.toLocaleString('en-US')} out of place: the naive keys would sort them elsewhere.`}
        {collection.notIntendedCount > 0 &&
          ` ${collection.notIntendedCount.toLocaleString('en-US')} ${collection.notIntendedCount === 1 ? 'is' : 'are'} not in ${collection.notIntendedCount === 1 ? 'its' : 'their'} intended order among ${collection.notIntendedCount === 1 ? 'its' : 'their'} entity’s items (by what the sort key’s values mean).`}
      </p>
      <div className="ic-table" role="table" aria-label="Items in the collection" aria-rowcount={rows.length + 1} ref={scrollRef}>
        <div className="ic-row ic-header" role="row" aria-rowindex={1}>
          <span role="columnheader" className="ic-position">
            #
          </span>
          <span role="columnheader">Entity</span>
          <span role="columnheader">Sort key (encoded)</span>
          <span role="columnheader">Naive key</span>
          <span role="columnheader">Naive order</span>
        </div>
        <div className="ic-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtualRow) => {
            const positioned = positionedRow(collection, virtualRow.index + 1);
            if (!positioned) return null;
            // Only what the row shows, by value or by a row object a keystroke elsewhere keeps: the memo skips unchanged rows.
            const reason = positioned.outOfPlace ? explainOutOfPlace(collection, positioned.position)?.sentence : undefined;
            return (
              <CollectionSlot
                key={virtualRow.key}
                index={virtualRow.index}
                start={virtualRow.start}
                measure={virtualizer.measureElement}
                row={positioned.row}
                position={positioned.position}
                rawPosition={positioned.rawPosition}
                sameKeyAs={positioned.sameKeyAs}
                reason={reason}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}

interface CollectionSlotProps {
  readonly index: number;
  readonly start: number;
  readonly measure: (element: HTMLElement | null) => void;
  readonly row: CollectionRow;
  readonly position: number;
  readonly rawPosition: number;
  readonly sameKeyAs: CollectionRow | undefined;
  /** Why the row is out of place (explainOutOfPlace), computed for the rows in view only. */
  readonly reason: string | undefined;
}

const CollectionSlot = memo(function CollectionSlot({ index, start, measure, row, position, rawPosition, sameKeyAs, reason }: CollectionSlotProps) {
  const outOfPlace = rawPosition !== position;
  return (
    <div className="ic-slot" data-index={index} ref={measure} style={{ transform: `translateY(${start}px)` }}>
      <div className={outOfPlace ? 'ic-row ic-out-of-place' : 'ic-row'} role="row" aria-rowindex={position + 1}>
        <span role="cell" className="ic-position">
          {position}
        </span>
        <span role="cell" className="ic-entity">
          <VisibleText text={row.entity} />{' '}
          <span className="muted small ic-sample">
            #<VisibleText text={row.sampleId} />
          </span>
        </span>
        <span role="cell" className="ic-key mono" data-label="Encoded">
          <KeyParts parts={row.sortKey} />
        </span>
        <span role="cell" className="ic-key ic-raw mono" data-label="Naive">
          <KeyParts parts={row.rawSortKey} />
        </span>
        <span role="cell" className="ic-mark">
          {outOfPlace && <strong className="ic-bad">Out of place: naive #{rawPosition}</strong>}
          {!row.inIntendedPlace && (
            <strong className="ic-bad ic-not-intended">
              {outOfPlace ? ' · ' : ''}Out of intended order: #{row.intendedRank} by value
            </strong>
          )}
          {!outOfPlace && row.inIntendedPlace && <span className="muted">in place</span>}
          {sameKeyAs && (
            <strong className="ic-bad ic-same-key">
              {' '}
              Same key as <VisibleText text={sameKeyAs.entity} /> #<VisibleText text={sameKeyAs.sampleId} />: one write replaces the other
            </strong>
          )}
        </span>
        {reason !== undefined && (
          <span className="ic-reason small" role="note">
            <VisibleText text={reason} />
          </span>
        )}
      </div>
    </div>
  );
});

function KeyParts({ parts }: { parts: readonly KeyPartText[] }) {
  if (parts.length === 0) return <span className="muted">(no sort key)</span>;
  if (parts.length === 1) return <VisibleText text={(parts[0] as KeyPartText).text} />;
  return parts.map((part, index) => (
    <span key={part.attribute} className="ic-part">
      {index > 0 && ' · '}
      <span className="muted">
        <VisibleText text={part.attribute} />:
      </span>{' '}
      <VisibleText text={part.text} />
    </span>
  ));
}

function UnencodableList({ collection }: { collection: ItemCollection }) {
  const headingId = useId();
  const shown = collection.unencodable.slice(0, MAX_UNENCODABLE_SHOWN);
  const hidden = collection.unencodable.length - shown.length;
  return (
    <section className="ic-unencodable notice" aria-labelledby={headingId}>
      <h4 id={headingId}>Samples whose keys don’t encode ({collection.unencodable.length.toLocaleString('en-US')})</h4>
      <p className="small">They are in no item collection until their values or the templates are fixed.</p>
      <ul>
        {shown.map((sample) => (
          <li key={`${sample.entity}\u0000${sample.sampleId}`}>
            <strong>
              <VisibleText text={sample.entity} />
            </strong>{' '}
            #<VisibleText text={sample.sampleId} />: <VisibleText text={sample.messages.join(' ')} />
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="small">and {hidden.toLocaleString('en-US')} more.</p>}
    </section>
  );
}

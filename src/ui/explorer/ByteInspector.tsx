import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { useId } from 'react';
import { useStore } from 'zustand';
import {
  compareDynamoNumbers,
  encodeUtf8,
  explainByteOrder,
  explainStringOrder,
  findFirstDifferingByte,
  formatHexBytes,
  type KeyOrderExplanation,
} from '../../keys';
import { keysOf, type ExplorerStore, type Item } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';

/** A key value's bytes as DynamoDB orders them: UTF-8 for S, the bytes for B; N has none (it orders by value). */
function bytesOf(value: AttributeValue | undefined): Uint8Array | undefined {
  if (value?.S !== undefined) return encodeUtf8(value.S);
  if (value?.B !== undefined) return value.B;
  return undefined;
}

function labelOf(value: AttributeValue | undefined): string {
  if (value === undefined) return '(no value)';
  if (value.S !== undefined) return JSON.stringify(value.S);
  if (value.N !== undefined) return value.N;
  if (value.B !== undefined) return `0x${formatHexBytes(value.B).replaceAll(' ', '')}`;
  return '(not a key type)';
}

/** Why `a` (this row) and `b` (its neighbour) are in the order DynamoDB gives them. */
function explain(a: AttributeValue | undefined, b: AttributeValue | undefined): KeyOrderExplanation | string {
  if (a === undefined || b === undefined) return 'One of the two rows has no value for this key, so DynamoDB would not return them together in key order.';
  if (a.S !== undefined && b.S !== undefined) return explainStringOrder(a.S, b.S);
  if (a.B !== undefined && b.B !== undefined) return explainByteOrder(a.B, b.B, labelOf(a), labelOf(b));
  if (a.N !== undefined && b.N !== undefined) {
    const order = compareDynamoNumbers(a.N, b.N);
    if (order === 0) return `${a.N} and ${b.N} are the same number: the same key.`;
    const [first, second] = order < 0 ? [a.N, b.N] : [b.N, a.N];
    return `N keys sort by numeric value, not by their digits as text: ${first} < ${second}, so ${first} sorts before ${second}.`;
  }
  return 'The two values have different types; a key attribute has one type.';
}

/**
 * The byte inspector: the chosen row's key in UTF-8 bytes, and for the rows
 * above and below it the first byte where the keys differ — the reason one
 * sorts before the other.
 */
export function ByteInspector({ store }: { store: ExplorerStore }) {
  const items = useStore(store, (state) => state.items);
  const table = useStore(store, (state) => state.table);
  const indexName = useStore(store, (state) => state.form.indexName);
  const selection = useStore(useExplorerSide().rowSelection, (state) => state.selection);
  const headingId = useId();
  const keys = table ? keysOf(table, indexName) : undefined;
  const keyName = keys?.sortKey?.name ?? keys?.partitionKey.name;
  const current = selection && selection.items === items ? selection : undefined;

  return (
    <section className="card byte-inspector" aria-labelledby={headingId}>
      <h3 id={headingId}>Byte inspector</h3>
      {!current || !keyName ? (
        <p className="muted">
          Click a row number in the grid to see its{' '}
          {keyName ? (
            <code>
              <VisibleText text={keyName} />
            </code>
          ) : (
            'key'
          )}{' '}
          byte by byte.
        </p>
      ) : (
        <InspectedRow
          keyName={keyName}
          item={current.item}
          position={current.position}
          above={current.above}
          below={current.below}
          sortedView={current.sortedView}
        />
      )}
    </section>
  );
}

interface InspectedRowProps {
  keyName: string;
  item: Item;
  position: number;
  above?: Item;
  below?: Item;
  sortedView: boolean;
}

function InspectedRow({ keyName, item, position, above, below, sortedView }: InspectedRowProps) {
  const value = item[keyName];
  const bytes = bytesOf(value);
  return (
    <div className="byte-inspector-body">
      <p>
        Row {position}
        {sortedView ? ' of the browser-sorted view' : ''}:{' '}
        <code>
          <VisibleText text={keyName} />
        </code>{' '}
        = <VisibleText className="mono" text={labelOf(value)} />
        {value?.N !== undefined ? ' (N)' : value?.B !== undefined ? ' (B)' : value?.S !== undefined ? ' (S)' : ''}
      </p>
      {bytes ? (
        <p>
          {value?.S !== undefined ? 'UTF-8 bytes' : 'Bytes'} ({bytes.length}): <ByteRow bytes={bytes} />
        </p>
      ) : value?.N !== undefined ? (
        <p>N keys are not ordered by bytes: DynamoDB orders numbers by their value (so 9 sorts before 10, and 1e3 equals 1000).</p>
      ) : null}
      <ul className="neighbour-list">
        {above && <Neighbour label={`Row above (${position - 1})`} value={value} other={above[keyName]} />}
        {below && <Neighbour label={`Row below (${position + 1})`} value={value} other={below[keyName]} />}
        {!above && !below && <li className="muted">This is the only row.</li>}
      </ul>
      {sortedView && (
        <p className="muted small">The neighbours are the rows around it in the browser-sorted view; DynamoDB’s own order follows the bytes above.</p>
      )}
    </div>
  );
}

function ByteRow({ bytes, highlight }: { bytes: Uint8Array; highlight?: number }) {
  return (
    <span className="byte-row mono">
      {Array.from(bytes, (byte, index) => (
        <span key={index} className={index === highlight ? 'byte byte-diff' : 'byte'}>
          {byte.toString(16).padStart(2, '0')}
        </span>
      ))}
    </span>
  );
}

function Neighbour({ label, value, other }: { label: string; value: AttributeValue | undefined; other: AttributeValue | undefined }) {
  const explanation = explain(value, other);
  const mine = bytesOf(value);
  const theirs = bytesOf(other);
  const difference = mine && theirs ? findFirstDifferingByte(mine, theirs) : undefined;
  return (
    <li className="neighbour">
      <span>
        {label}: <VisibleText className="mono" text={labelOf(other)} />
      </span>
      {mine && theirs && (
        <span className="neighbour-bytes">
          <ByteRow bytes={mine} highlight={difference?.index} /> vs <ByteRow bytes={theirs} highlight={difference?.index} />
        </span>
      )}
      <VisibleText className="neighbour-sentence" text={typeof explanation === 'string' ? explanation : explanation.sentence} />
    </li>
  );
}

import { useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { parseKeyTemplate, type KeyTemplate, type ReadDirection } from '../../keys';
import {
  compareEntityOrders,
  describePositions,
  keysOf,
  partitionScopeNote,
  selectQuerySlice,
  storedOrderVerdict,
  type EntityOrders,
  type ExplorerStore,
  type ItemOrderRow,
  type QuerySlice,
} from '../../state';
import { InferredOrderNotes } from '../common/InferredOrderNotes';
import { StatusLine } from '../common/StatusLine';
import { VisibleText } from '../common/VisibleText';
import { recogniserFor } from './useEntityOf';
import './explorerTools.css';

/** Above this many loaded rows the comparison waits for a click instead of running on every page. */
const AUTO_COMPARE_LIMIT = 2000;
/** Rows listed per order; the counts cover them all. */
const LIST_LIMIT = 300;

/**
 * The loaded rows three ways, entity by entity: as DynamoDB returned them,
 * re-encoded under their entity's template for the sort key (from the Key
 * design bound to the table) and sorted by the DynamoDB comparator, and by
 * their intended (numeric or time) value. Works on whatever is loaded, from
 * any source; a Scan's rows are compared partition by partition, as a sort
 * key orders them.
 */
export function StoredOrderComparison({ store }: { store: ExplorerStore }) {
  const items = useStore(store, (state) => state.items);
  const table = useStore(store, (state) => state.table);
  const indexName = useStore(store, (state) => state.form.indexName);
  const lastRequest = useStore(store, (state) => state.lastRequest);
  const binding = useStore(store, (state) => state.designBinding);
  const [storedTemplateText, setStoredTemplateText] = useState('');
  const [comparedItems, setComparedItems] = useState<unknown>();
  const headingId = useId();
  const storedInputId = useId();
  const storedErrorId = useId();

  const sortKeyName = table ? keysOf(table, indexName).sortKey?.name : undefined;
  const partitionKeyName = table ? keysOf(table, indexName).partitionKey.name : undefined;
  const storedParse = storedTemplateText.trim() ? parseKeyTemplate(storedTemplateText.trim()) : undefined;
  const storedTemplate: KeyTemplate | undefined = storedParse?.ok ? storedParse.value : undefined;
  const direction: ReadDirection =
    lastRequest && 'ScanIndexForward' in lastRequest.input && lastRequest.input.ScanIndexForward === false ? 'descending' : 'ascending';
  const active = items.length > 0 && (items.length <= AUTO_COMPARE_LIMIT || comparedItems === items);
  // The query being built, applied to the loaded rows: which ones it returns now, and which under the templates.
  const slice = useStore(store, selectQuerySlice);
  const comparison = useMemo(() => {
    const recogniser = recogniserFor(binding, indexName);
    if (!active || !binding || !recogniser || !sortKeyName) return undefined;
    return compareEntityOrders(items, {
      table: binding.table,
      recogniser,
      sortKeyName,
      ...(partitionKeyName ? { partitionKeyName } : {}),
      ...(storedTemplate ? { storedTemplate } : {}),
      direction,
      ...(slice ? { slice } : {}),
    });
  }, [active, binding, indexName, items, sortKeyName, partitionKeyName, storedTemplate, direction, slice]);
  const designLabel = binding ? `${binding.designName} · ${binding.table.name}` : '';

  return (
    <section className="card explorer-order-comparison" aria-labelledby={headingId}>
      <h3 id={headingId}>Order comparison</h3>
      <p className="muted small">
        The loaded rows as DynamoDB returned them, beside the same items re-encoded under their entity’s template for{' '}
        {sortKeyName ? (
          <code>
            <VisibleText text={sortKeyName} />
          </code>
        ) : (
          'the sort key'
        )}{' '}
        (from the Key design bound to the table) and sorted by DynamoDB’s comparator, and beside their intended order by value. Fields come from attributes of
        the same name, or from the stored sort key read with the stored key template.
      </p>
      <div className="stored-template-field">
        <label htmlFor={storedInputId}>Stored key template</label>
        <input
          id={storedInputId}
          className="mono"
          value={storedTemplateText}
          placeholder="{score}"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={storedParse && !storedParse.ok ? true : undefined}
          aria-describedby={storedParse && !storedParse.ok ? storedErrorId : undefined}
          onChange={(event) => setStoredTemplateText(event.target.value)}
        />
        {storedParse && !storedParse.ok && (
          <span id={storedErrorId} className="field-error" role="alert">
            <VisibleText text={storedParse.findings[0]?.message ?? ''} />
          </span>
        )}
      </div>
      {!binding ? (
        <p className="notice" role="note" aria-label="No key design">
          No key design is bound to this table, so its rows have no entity and no template to compare them with. Choose one in <strong>Key design</strong> above
          (or create one in the Design tab).
        </p>
      ) : !sortKeyName ? (
        <p className="muted">This table (or index) has no sort key: DynamoDB keeps no order among its items.</p>
      ) : items.length === 0 ? (
        <p className="muted">Run a query or scan to compare the rows it returns.</p>
      ) : !comparison ? (
        <button type="button" onClick={() => setComparedItems(items)}>
          Compare {items.length.toLocaleString('en-US')} rows
        </button>
      ) : (
        <>
          {comparison.entities.map((entity) => (
            <EntityComparison
              key={entity.entityName}
              entity={entity}
              sortKeyName={sortKeyName}
              partitionKeyName={partitionKeyName}
              direction={direction}
              slice={slice}
            />
          ))}
          {comparison.withoutTemplate.map((group) => (
            <p key={group.entityName} className="notice" role="note" aria-label={`Entity ${group.entityName}: no template`}>
              Rows {describePositions(group.positions)} are <VisibleText text={group.entityName} />, which has no template for{' '}
              <VisibleText text={sortKeyName} /> in <VisibleText text={designLabel} />: not compared.
            </p>
          ))}
          {comparison.unmatched.length > 0 && (
            <section className="oc-excluded" aria-label="No entity">
              <h4>No entity ({comparison.unmatched.length})</h4>
              <p>
                {comparison.unmatched.length === items.length
                  ? 'No loaded row matches any entity of'
                  : comparison.unmatched.length === 1
                    ? `Row ${describePositions(comparison.unmatched)} matches no entity of`
                    : `Rows ${describePositions(comparison.unmatched)} match no entity of`}{' '}
                <VisibleText text={designLabel} />: their keys follow none of its templates, so they are not compared. Check the Key design above, or add an
                entity for them in the Design tab.
              </p>
            </section>
          )}
        </>
      )}
    </section>
  );
}

/** One entity's rows: its verdict, notes and the three orders under its template. */
function EntityComparison({
  entity,
  sortKeyName,
  partitionKeyName,
  direction,
  slice,
}: {
  entity: EntityOrders;
  sortKeyName: string;
  partitionKeyName: string | undefined;
  direction: ReadDirection;
  slice: QuerySlice | undefined;
}) {
  const headingId = useId();
  const { orders } = entity;
  const intendedRanks = useMemo(() => orders.intendedOrder.map((row) => row.intendedRank), [orders]);
  const verdict = useMemo(() => storedOrderVerdict(orders), [orders]);
  // A Scan returns many partitions: each column lists them one by one, headed by the partition key.
  const partitionLabel = orders.partitions.length > 1 && partitionKeyName ? partitionKeyName : undefined;
  const encodedKeyAt = (position: number | undefined) => orders.rows.find((row) => row.loadedPosition === position)?.encodedKey ?? '';
  return (
    <section className="oc-entity" aria-labelledby={headingId}>
      <h4 id={headingId}>
        Entity <VisibleText text={entity.entityName} />
      </h4>
      <p className="muted small">
        {orders.rows.length.toLocaleString('en-US')} row{orders.rows.length === 1 ? '' : 's'}, <VisibleText text={sortKeyName} /> ={' '}
        <code className="mono">
          <VisibleText text={entity.templateText} />
        </code>
      </p>
      {entity.collectionOnly.length > 0 && (
        <p className="notice small" role="note" aria-label="Keys not from the template">
          Rows {describePositions(entity.collectionOnly)} are in <VisibleText text={entity.entityName} />
          ’s item collection (their partition key follows its template), but their <VisibleText text={sortKeyName} /> does not: they are compared as{' '}
          <VisibleText text={entity.entityName} />, re-encoded the way its template keys them.
        </p>
      )}
      <StatusLine verdict={verdict} />
      {partitionLabel && (
        <p className="muted small" role="note" aria-label="Compared per partition">
          <VisibleText text={partitionScopeNote(orders, partitionLabel) ?? ''} />
        </p>
      )}
      <InferredOrderNotes orders={orders.inferredOrders} />
      {orders.collisions.length > 0 && (
        <div className="notice collision-notice" role="alert">
          <strong>Collisions:</strong> these rows encode to the same key, so in DynamoDB each write replaces the other item. Add a tiebreaker field (such as the
          player id) to the template.
          <ul>
            {orders.collisions.slice(0, 20).map((group) => (
              <li key={group.join(',')}>
                Rows {group.join(', ')} → <VisibleText className="mono" text={encodedKeyAt(group[0])} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {slice && orders.slice && (
        <p className="oc-slice-caption small" role="note" aria-label="Query slice">
          Highlighted: the loaded rows the query builder’s{' '}
          <code className="mono">
            <VisibleText text={slice.describe} />
          </code>{' '}
          returns — {orders.slice.stored.size} under the stored keys, {orders.slice.encoded.size} under the template’s keys.
        </p>
      )}
      <div className="oc-columns">
        <OrderColumn
          title="Stored order"
          description={`As DynamoDB returned them (${direction})`}
          rows={orders.storedOrder}
          rankOf={(row) => row.storedRank}
          intendedRanks={intendedRanks}
          inSlice={orders.slice?.stored}
          partitionLabel={partitionLabel}
        />
        <OrderColumn
          title="Encoded order"
          description="Re-encoded under the template, sorted by DynamoDB’s comparator"
          rows={orders.encodedOrder}
          rankOf={(row) => row.encodedRank}
          intendedRanks={intendedRanks}
          showMoves
          inSlice={orders.slice?.encoded}
          partitionLabel={partitionLabel}
        />
        <OrderColumn
          title="Intended order"
          description="By the fields’ numeric or time value"
          rows={orders.intendedOrder}
          rankOf={(row) => row.intendedRank}
          intendedRanks={intendedRanks}
          partitionLabel={partitionLabel}
        />
      </div>
      {orders.excluded.length > 0 && (
        <section className="oc-excluded" aria-label="Not compared">
          <h4>Not compared ({orders.excluded.length})</h4>
          <ul>
            {orders.excluded.slice(0, LIST_LIMIT).map((row) => (
              <li key={row.loadedPosition}>
                Row {row.loadedPosition} (<VisibleText className="mono" text={row.storedKey} />
                ): <VisibleText text={row.problems.map((problem) => problem.message).join(' ')} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

interface OrderColumnProps {
  title: string;
  description: string;
  rows: readonly ItemOrderRow[];
  rankOf: (row: ItemOrderRow) => number | undefined;
  /** The intended rank at each position: a row whose own intended rank differs is out of place. */
  intendedRanks: readonly (number | undefined)[];
  showMoves?: boolean;
  /** Loaded positions the query being built returns (highlighted). */
  inSlice?: ReadonlySet<number> | undefined;
  /** The partition key's name when the rows span several partitions: each gets its own list under a heading. */
  partitionLabel?: string | undefined;
}

function OrderColumn({ title, description, rows, rankOf, intendedRanks, showMoves = false, inSlice, partitionLabel }: OrderColumnProps) {
  const headingId = useId();
  const shown = rows.slice(0, LIST_LIMIT);
  // Consecutive rows of one partition, with the index of the first one in the whole order.
  const groups: { partition: string; start: number; rows: ItemOrderRow[] }[] = [];
  shown.forEach((row, index) => {
    const last = groups[groups.length - 1];
    if (last && (partitionLabel === undefined || last.partition === row.partition)) last.rows.push(row);
    else groups.push({ partition: row.partition, start: index, rows: [row] });
  });
  return (
    <section className="oc-column" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      <p className="muted small">{description}</p>
      {groups.map((group) => (
        <div key={group.start} className="oc-partition">
          {partitionLabel !== undefined && (
            <h5 className="oc-partition-heading">
              <span className="muted">
                <VisibleText text={partitionLabel} /> =
              </span>{' '}
              <VisibleText className="mono" text={group.partition} />
            </h5>
          )}
          <OrderEntries rows={group.rows} start={group.start} rankOf={rankOf} intendedRanks={intendedRanks} showMoves={showMoves} inSlice={inSlice} />
        </div>
      ))}
      {rows.length > LIST_LIMIT && <p className="muted small">…and {(rows.length - LIST_LIMIT).toLocaleString('en-US')} more.</p>}
    </section>
  );
}

function OrderEntries({
  rows,
  start,
  rankOf,
  intendedRanks,
  showMoves,
  inSlice,
}: Omit<OrderColumnProps, 'title' | 'description' | 'partitionLabel'> & { start: number }) {
  return (
    <ol>
      {rows.map((row, offset) => {
        const index = start + offset;
        const movedRow = showMoves && row.encodedRank !== row.storedRank;
        const outOfPlace = row.intendedRank !== intendedRanks[index];
        const sliced = inSlice?.has(row.loadedPosition) ?? false;
        const classes = [
          'oc-entry',
          movedRow ? 'oc-moved' : '',
          outOfPlace ? 'oc-out-of-place' : '',
          row.collidesWith.length > 0 ? 'oc-collision' : '',
          sliced ? 'oc-in-slice' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={row.loadedPosition} className={classes}>
            <span className="oc-rank" aria-hidden="true">
              {rankOf(row)}
            </span>
            <span className="oc-body">
              <VisibleText className="mono oc-stored-key" text={row.storedKey} />
              {row.encodedKey !== undefined && (
                <span className="oc-encoded">
                  → <VisibleText className="mono" text={row.encodedKey} />
                </span>
              )}
            </span>
            <span className="oc-notes">
              {movedRow && (
                <span className="oc-move">
                  was #{row.storedRank} → now #{row.encodedRank}
                </span>
              )}
              {outOfPlace && <span className="oc-tag">intended #{row.intendedRank}</span>}
              {row.collidesWith.length > 0 && <span className="oc-tag oc-tag-bad">collides with row {row.collidesWith.join(', ')}</span>}
              {sliced && <span className="oc-tag oc-tag-slice">returned</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

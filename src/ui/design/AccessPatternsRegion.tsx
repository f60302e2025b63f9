import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { lazy, Suspense, useId, useState } from 'react';
import { useStore } from 'zustand';
import {
  addAccessPattern,
  blankAccessPattern,
  buildPatternRequest,
  expectedOrderWords,
  jsonValueText,
  keyAttributesOf,
  removeAccessPattern,
  updateAccessPattern,
  type AccessPatternDesign,
  type JsonAttributeValue,
  type TableDesign,
} from '../../design';
import type { PatternRunOutcome } from '../../state';
import { MessageSpans, VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { useAppStores } from '../stores';
import { AccessPatternEditor } from './AccessPatternEditor';
import type { DesignRegionProps } from './designRegionProps';
import { jumpTargetId } from './jumpTargets';
import './accessPatterns.css';

// "Copy as code" brings the code generators: loaded when a pattern's code is first shown.
const CopyAsCode = lazy(() => import('../queryBuilder/CopyAsCode').then((module) => ({ default: module.CopyAsCode })));

/**
 * The Access patterns region: each pattern's request and code, and after
 * "Run access patterns" its verdict over the samples with the reasons and the
 * items it returned. Edits go to the designs store; results of an earlier
 * version of the table are marked stale.
 */
export function AccessPatternsRegion({ designId, table, readOnly = false }: DesignRegionProps) {
  const stores = useAppStores();
  const runs = stores.accessPatternRuns;
  const lastRun = useStore(runs, (state) => state.lastRun);
  const ranFor = useStore(runs, (state) => state.ranFor);
  const running = useStore(runs, (state) => state.running);
  const [editing, setEditing] = useState<string | 'new' | undefined>(undefined);
  const headingId = useId();
  const fresh = lastRun !== undefined && ranFor === table;
  const stale = lastRun !== undefined && ranFor !== table && ranFor?.name === table.name;

  const editTable = (edit: (table: TableDesign) => TableDesign) =>
    stores.designs.getState().updateDesign(designId, (design) => ({
      ...design,
      tables: design.tables.map((candidate) => (candidate.name === table.name ? edit(candidate) : candidate)),
    }));

  return (
    <section className="card access-patterns" aria-labelledby={headingId}>
      <h2 id={headingId}>Access patterns</h2>
      <p className="muted small">
        Each pattern is a Query over table {table.name}; a run writes the samples into a fresh built-in table and judges every result.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => void runs.getState().run(table)} disabled={running || table.accessPatterns.length === 0}>
          Run access patterns
        </button>
        {!readOnly && (
          <button type="button" onClick={() => setEditing('new')} disabled={editing === 'new'}>
            Add access pattern
          </button>
        )}
        <span role="status" className="muted small">
          {running ? 'Running…' : stale ? 'The design changed since the last run: run the access patterns again.' : fresh ? summary(lastRun.outcomes) : ''}
        </span>
      </div>
      {fresh && lastRun.sampleProblems.length > 0 && (
        <ul className="field-error-list" aria-label="Samples not written">
          {lastRun.sampleProblems.map((problem) => (
            <li key={problem} className="field-error">
              <VisibleText text={problem} />
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' && !readOnly && (
        <AccessPatternEditor
          table={table}
          pattern={blankAccessPattern(table)}
          label="Add access pattern"
          onCancel={() => setEditing(undefined)}
          onSave={(pattern) => {
            editTable((current) => addAccessPattern(current, { ...pattern, id: blankAccessPattern(current, pattern.name).id }));
            setEditing(undefined);
          }}
        />
      )}
      {table.accessPatterns.length === 0 && editing !== 'new' && (
        <p className="muted">
          {readOnly ? 'This table has no access patterns.' : 'No access patterns yet: add the questions the application asks of this table.'}
        </p>
      )}
      <ul className="pattern-list">
        {table.accessPatterns.map((pattern) => (
          <li
            key={pattern.id}
            aria-label={visibleString(pattern.name)}
            className="pattern-item"
            id={jumpTargetId({ kind: 'pattern', table: table.name, pattern: pattern.id })}
            tabIndex={-1}
          >
            {editing === pattern.id && !readOnly ? (
              <AccessPatternEditor
                table={table}
                pattern={pattern}
                label={`Edit ${pattern.name}`}
                onCancel={() => setEditing(undefined)}
                onSave={(next) => {
                  editTable((current) => updateAccessPattern(current, pattern.id, () => next));
                  setEditing(undefined);
                }}
              />
            ) : (
              <PatternView
                table={table}
                pattern={pattern}
                outcome={fresh ? lastRun.outcomes[pattern.id] : undefined}
                readOnly={readOnly}
                onEdit={() => setEditing(pattern.id)}
                onDelete={() => editTable((current) => removeAccessPattern(current, pattern.id))}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function summary(outcomes: Readonly<Record<string, PatternRunOutcome>>): string {
  const all = Object.values(outcomes);
  const passing = all.filter((outcome) => outcome.verdict === 'passes').length;
  return `${passing} of ${all.length} pass.`;
}

function PatternView(props: {
  table: TableDesign;
  pattern: AccessPatternDesign;
  outcome: PatternRunOutcome | undefined;
  readOnly: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const { table, pattern, outcome } = props;
  const [showCode, setShowCode] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const built = buildPatternRequest(table, pattern);
  const codeId = useId();
  return (
    <>
      <div className="pattern-heading">
        <h3>
          <VisibleText text={pattern.name} />
        </h3>
        {outcome && <span className={`pattern-verdict ${outcome.verdict}`}>{outcome.verdict}</span>}
        {!props.readOnly && (
          <span className="pattern-actions">
            <button type="button" onClick={props.onEdit}>
              Edit
            </button>
            {confirmDelete ? (
              <>
                <button type="button" className="pattern-delete" onClick={props.onDelete}>
                  Delete access pattern
                </button>
                <button type="button" onClick={() => setConfirmDelete(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirmDelete(true)}>
                Delete
              </button>
            )}
          </span>
        )}
      </div>
      {pattern.description && (
        <p className="muted small">
          <VisibleText text={pattern.description} />
        </p>
      )}
      <p className="small">
        Returns {pattern.entities.length > 0 ? <VisibleText text={pattern.entities.join(', ')} /> : '(no entity)'} from{' '}
        {pattern.index ? `index ${pattern.index}` : `table ${table.name}`}
        {pattern.expected.count !== undefined ? `; expects ${pattern.expected.count} items` : ''}
        {pattern.expected.orderBy ? (
          <>
            , ordered by <VisibleText text={pattern.expected.orderBy.field} /> ({expectedOrderWords(table, pattern)})
          </>
        ) : (
          ''
        )}
        .
      </p>
      {outcome && outcome.reasons.length > 0 && (
        <ul className="pattern-reasons" aria-label="Why it fails">
          {outcome.reasons.map((reason, index) => (
            <li key={index} data-code={reason.code}>
              <MessageSpans text={reason.message} />
            </li>
          ))}
        </ul>
      )}
      {built.ok ? (
        <>
          <dl className="pattern-request" aria-label="Request">
            <dt>KeyConditionExpression</dt>
            <dd className="mono">
              <VisibleText text={built.request.KeyConditionExpression} />
            </dd>
            {built.request.ExpressionAttributeNames && (
              <>
                <dt>ExpressionAttributeNames</dt>
                <dd className="mono">
                  <VisibleText text={JSON.stringify(built.request.ExpressionAttributeNames)} />
                </dd>
              </>
            )}
            <dt>ExpressionAttributeValues</dt>
            <dd className="mono">
              <VisibleText text={valuesText(built.request.ExpressionAttributeValues)} />
            </dd>
            <dt>ScanIndexForward</dt>
            <dd className="mono">
              {String(built.request.ScanIndexForward)} ({pattern.direction})
            </dd>
            {built.request.Limit !== undefined && (
              <>
                <dt>Limit</dt>
                <dd className="mono">{built.request.Limit}</dd>
              </>
            )}
            {built.request.ProjectionExpression && (
              <>
                <dt>ProjectionExpression</dt>
                <dd className="mono">
                  <VisibleText text={built.request.ProjectionExpression} />
                </dd>
              </>
            )}
          </dl>
          <p className="muted small">
            <VisibleText text={built.explanation} />
          </p>
          <button type="button" aria-expanded={showCode} aria-controls={codeId} onClick={() => setShowCode((shown) => !shown)}>
            {showCode ? 'Hide code' : 'Show code'}
          </button>
          <div id={codeId}>
            {showCode && (
              <Suspense fallback={<p className="muted small">Loading the code generators…</p>}>
                <CopyAsCode request={{ operation: 'query', input: built.request }} />
              </Suspense>
            )}
          </div>
        </>
      ) : (
        !outcome && (
          <ul className="pattern-reasons" aria-label="Why it is not a Query">
            {built.problems.map((problem, index) => (
              <li key={index}>
                <MessageSpans text={problem.message} />
              </li>
            ))}
          </ul>
        )
      )}
      {outcome && (outcome.items.length > 0 || built.ok) && (
        <details className="pattern-items" open={outcome.verdict === 'fails'}>
          <summary>
            Returned {outcome.items.length} item{outcome.items.length === 1 ? '' : 's'}
          </summary>
          <ol aria-label="Returned items">
            {outcome.items.map((entry, index) => (
              <li key={index} className="mono small">
                <VisibleText text={`${entry.entity ?? '(no entity)'}: ${keyText(table, entry.item)}`} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

/** ExpressionAttributeValues as DynamoDB JSON, binary as base64 (the SDK holds bytes). */
function valuesText(values: Readonly<Record<string, AttributeValue>>): string {
  return JSON.stringify(values, (_key, value: unknown) => (value instanceof Uint8Array ? `<${value.length} bytes>` : value));
}

/** An item's key attributes (table and index keys) as text. */
function keyText(table: TableDesign, item: Readonly<Record<string, JsonAttributeValue>>): string {
  return keyAttributesOf(table)
    .map((attribute) => attribute.name)
    .filter((name) => item[name] !== undefined)
    .map((name) => `${name} ${jsonValueText(item[name]!)}`)
    .join(', ');
}

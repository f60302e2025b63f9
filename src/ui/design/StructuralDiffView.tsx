import { useId } from 'react';
import type { Design, StructuralChange, ItemMove, KeyMoves, MigrateKeysPreparation } from '../../design';
import { diffDesigns, keyText, movedItems, movesSummary, placeText } from '../../design/diff';
import { VisibleText } from '../common/VisibleText';
import './structuralDiff.css';

export interface StructuralDiffViewProps {
  readonly before: Design;
  readonly after: Design;
  /** What each side is ("Leaderboard", "revision 3"): shown as text. */
  readonly beforeLabel: string;
  readonly afterLabel: string;
  /** Opens Migrate keys prepared for a table-key template change (no button without it). */
  readonly onMigrate?: (preparation: MigrateKeysPreparation) => void;
}

/**
 * The structural diff of two designs (src/design/diff): per table, every
 * change with what DynamoDB can do about it (a badge and a sentence), and for
 * template changes the stored items that move, with their old and new key and
 * place in DynamoDB's order. Design text is untrusted: rendered as text.
 */
export function StructuralDiffView({ before, after, beforeLabel, afterLabel, onMigrate }: StructuralDiffViewProps) {
  const headingId = useId();
  // The React compiler memoises this: the diff reruns only when a side changes.
  const diff = diffDesigns(before, after);
  return (
    <section role="region" aria-labelledby={headingId} className="structural-diff">
      <h3 id={headingId}>Structural diff</h3>
      <p className="muted small">
        From <VisibleText text={beforeLabel} /> to <VisibleText text={afterLabel} />: what changed, and what DynamoDB can do about each change.
      </p>
      <p role="status" className="structural-diff-summary">
        {diff.summary}
      </p>
      {diff.tables.map((group) => (
        <TableGroup key={group.table} table={group.table} changes={group.changes} {...(onMigrate ? { onMigrate } : {})} />
      ))}
    </section>
  );
}

function TableGroup({
  table,
  changes,
  onMigrate,
}: {
  table: string;
  changes: readonly StructuralChange[];
  onMigrate?: (preparation: MigrateKeysPreparation) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="structural-diff-table">
      <h4 id={headingId}>
        {table === '' ? (
          'The design'
        ) : (
          <>
            Table <VisibleText text={table} />
          </>
        )}
      </h4>
      <ul className="structural-diff-changes">
        {changes.map((change) => (
          <ChangeItem key={change.id} change={change} {...(onMigrate ? { onMigrate } : {})} />
        ))}
      </ul>
    </section>
  );
}

function ChangeItem({ change, onMigrate }: { change: StructuralChange; onMigrate?: (preparation: MigrateKeysPreparation) => void }) {
  return (
    <li className={`structural-change verdict-${change.verdict}`}>
      <div className="structural-change-head">
        <span className="verdict-badge">{change.verdictLabel}</span> <span className="structural-change-action">{change.action}</span>{' '}
        <VisibleText text={change.subject} />
      </div>
      {(change.before !== undefined || change.after !== undefined) && (
        <dl className="structural-change-values">
          {change.before !== undefined && (
            <>
              <dt>Before</dt>
              <dd className={change.area === 'finding' ? undefined : 'mono'}>
                <VisibleLines text={change.before} />
              </dd>
            </>
          )}
          {change.after !== undefined && (
            <>
              <dt>After</dt>
              <dd className={change.area === 'finding' ? undefined : 'mono'}>
                <VisibleLines text={change.after} />
              </dd>
            </>
          )}
        </dl>
      )}
      <p className="small">{change.how}</p>
      {change.moves?.map((moves) => (
        <MovesTable key={moves.keySpace} moves={moves} />
      ))}
      {change.migrate && onMigrate && (
        <button type="button" className="structural-migrate" onClick={() => onMigrate(change.migrate as MigrateKeysPreparation)}>
          Open in Migrate keys
        </button>
      )}
    </li>
  );
}

/** Multi-line text (one template per line), each line as text. */
function VisibleLines({ text }: { text: string }) {
  return text.split('\n').map((line, index) => (
    <span key={index} className="structural-line">
      <VisibleText text={line} />
    </span>
  ));
}

/** The items whose key or place changes, in the new order (DynamoDB's). */
function MovesTable({ moves }: { moves: KeyMoves }) {
  const moving = movedItems(moves);
  const label = `Items that move in ${moves.keySpace}`;
  return (
    <div className="structural-moves">
      <p className="small">{movesSummary(moves)}</p>
      {moving.length > 0 && (
        <table aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Old key</th>
              <th scope="col">Old place</th>
              <th scope="col">New key</th>
              <th scope="col">New place</th>
            </tr>
          </thead>
          <tbody>
            {moving.map((item) => (
              <MoveRow key={item.sampleId} item={item} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function MoveRow({ item }: { item: ItemMove }) {
  return (
    <tr className={item.positionChanged ? 'moved-place' : undefined}>
      <th scope="row">
        <VisibleText text={item.sampleId} />
      </th>
      <td className="mono">
        <VisibleText text={keyText(item.before)} />
      </td>
      <td>{placeText(item.before)}</td>
      <td className="mono">
        <VisibleText text={keyText(item.after)} />
        {item.problems.map((problem) => (
          <span key={problem} className="field-error structural-line">
            <VisibleText text={problem} />
          </span>
        ))}
      </td>
      <td>{placeText(item.after)}</td>
    </tr>
  );
}

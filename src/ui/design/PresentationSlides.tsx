import type { CSSProperties } from 'react';
import {
  DECISION_KIND_LABELS,
  type AccessPatternSlide,
  type EntityOrderSlide,
  type FindingsSlide,
  type ItemCollectionSlide,
  type Slide,
  type SlideKey,
  type SlideKeyList,
  type TitleSlide,
} from '../../design';
import { MessageSpans, VisibleParts, VisibleText } from '../common/VisibleText';
import { toVisibleText, visibleWidth, type VisiblePart } from '../common/visibleText';
import { ClosingSlideView } from './ClosingSlideView';
import { SlideTitle } from './SlideTitle';

/**
 * The slides of Presentation mode, one component per kind. Everything shown
 * is design data rendered as text (VisibleText: invisible and bidi controls
 * as markers); the byte that orders a key against its neighbour is a <mark>.
 */
export function SlideView({ slide, titleId, running }: { slide: Slide; titleId: string; running: boolean }) {
  switch (slide.kind) {
    case 'title':
      return <TitleSlideView slide={slide} titleId={titleId} />;
    case 'entityOrder':
      return <EntityOrderSlideView slide={slide} titleId={titleId} />;
    case 'itemCollection':
      return <ItemCollectionSlideView slide={slide} titleId={titleId} />;
    case 'accessPattern':
      return <AccessPatternSlideView slide={slide} titleId={titleId} running={running} />;
    case 'findings':
      return <FindingsSlideView slide={slide} titleId={titleId} />;
    case 'closing':
      return <ClosingSlideView slide={slide} titleId={titleId} />;
  }
}

function TitleSlideView({ slide, titleId }: { slide: TitleSlide; titleId: string }) {
  return (
    <div className="slide slide-cover">
      <p className="slide-kicker">Key design review</p>
      <h2 id={titleId} className="slide-cover-title">
        <VisibleText text={slide.title} />
      </h2>
      {slide.description && (
        <p className="slide-lead">
          <VisibleText text={slide.description} />
        </p>
      )}
      <ul className="slide-tables" aria-label="Tables">
        {slide.tables.map((table) => (
          <li key={table.name}>
            <span className="slide-table-name">
              <VisibleText text={table.name} />
            </span>{' '}
            <code className="slide-mono">
              <VisibleText text={table.keySchema} />
            </code>
            {table.indexes.map((index) => (
              <code key={index} className="slide-index slide-mono">
                <VisibleText text={index} />
              </code>
            ))}
            <span className="slide-muted">
              {table.entityCount} {table.entityCount === 1 ? 'entity' : 'entities'} · {table.accessPatternCount} access pattern
              {table.accessPatternCount === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ul>
      <p className="slide-muted slide-hint">→ / PageDown next · ← / PageUp back · Esc leaves</p>
    </div>
  );
}

/** Splits visible parts at a source range, so the marked character keeps its marker (an invisible one shows as its symbol). */
function splitParts(text: string, start: number, end: number): [VisiblePart[], VisiblePart[], VisiblePart[]] {
  const pieces: [VisiblePart[], VisiblePart[], VisiblePart[]] = [[], [], []];
  let offset = 0;
  for (const part of toVisibleText(text)) {
    if (part.kind === 'invisible') {
      // Every invisible character toVisibleText names is one UTF-16 unit.
      pieces[offset < start ? 0 : offset < end ? 1 : 2].push(part);
      offset += 1;
      continue;
    }
    const cut = (from: number, to: number) => part.text.slice(Math.max(0, from - offset), Math.max(0, to - offset));
    const before = cut(0, start);
    const inside = cut(start, end);
    const after = cut(end, offset + part.text.length);
    if (before) pieces[0].push({ kind: 'text', text: before });
    if (inside) pieces[1].push({ kind: 'text', text: inside });
    if (after) pieces[2].push({ kind: 'text', text: after });
    offset += part.text.length;
  }
  return pieces;
}

/** A key, its parts apart, the first byte where it differs from its neighbour marked. */
export function SlideKeyText({ slideKey }: { slideKey: SlideKey }) {
  const difference = slideKey.difference;
  return (
    <code className="slide-key">
      <bdi>
        {slideKey.parts.map((text, index) => {
          const separator = index > 0 && <span className="slide-key-separator"> · </span>;
          if (!difference || difference.part !== index || difference.end <= difference.start) {
            return (
              <span key={index}>
                {separator}
                <VisibleParts parts={toVisibleText(text)} />
              </span>
            );
          }
          const [before, marked, after] = splitParts(text, difference.start, difference.end);
          return (
            <span key={index}>
              {separator}
              <VisibleParts parts={before} />
              <mark title={`First differing byte: byte ${difference.byte + 1}`}>
                <VisibleParts parts={marked} />
              </mark>
              <VisibleParts parts={after} />
            </span>
          );
        })}
      </bdi>
    </code>
  );
}

function KeyRows({
  list,
  label,
  shouldBeText = (position) => `should be #${position}`,
  showLabels = false,
}: {
  list: SlideKeyList;
  label: string;
  shouldBeText?: (position: number) => string;
  showLabels?: boolean;
}) {
  // One label column as wide as the longest label (in its own font's ch), so the keys line up.
  const labelWidth = showLabels ? Math.min(16, Math.max(0, ...list.rows.map((row) => visibleWidth(row.label ?? '')))) : 0;
  return (
    <>
      <ol
        className={labelWidth > 0 ? 'slide-keys with-labels' : 'slide-keys'}
        aria-label={label}
        style={labelWidth > 0 ? ({ '--label-width': `${labelWidth}ch` } as CSSProperties) : undefined}
      >
        {list.rows.map((row) => (
          <li key={row.position} className={(row.intended ? row.intended.outOfPlace : row.shouldBe !== undefined) ? 'out-of-place' : undefined}>
            <span className="slide-position">{row.position}</span>
            {labelWidth > 0 && (
              <span className="slide-key-label">
                <VisibleText text={row.label ?? ''} />
              </span>
            )}
            <span className="slide-key-cell">
              <SlideKeyText slideKey={row.key} />
            </span>
            {(row.intended?.outOfPlace || row.shouldBe !== undefined) && (
              <span className="slide-tags">
                {row.intended?.outOfPlace && (
                  <span className="slide-should-be">
                    intended #{row.intended.rank}
                    {showLabels && row.label !== undefined && (
                      <>
                        {' '}
                        of <VisibleText text={row.label} />
                      </>
                    )}
                  </span>
                )}
                {row.shouldBe !== undefined && (
                  <span className={row.intended ? 'slide-should-be slide-naive' : 'slide-should-be'}>{shouldBeText(row.shouldBe)}</span>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      {list.moreCount > 0 && <p className="slide-more">… {list.moreCount} more</p>}
    </>
  );
}

function EntityOrderSlideView({ slide, titleId }: { slide: EntityOrderSlide; titleId: string }) {
  const read = slide.direction === 'descending' ? 'read descending (ScanIndexForward = false)' : 'read ascending';
  return (
    <div className="slide">
      <SlideTitle id={titleId} text={slide.title} kicker={`${slide.table} · ${slide.keyAttribute} · ${read}`} />
      <p className="slide-template">
        <span className="slide-muted">Template </span>
        <code className="slide-mono">
          <VisibleText text={slide.template} />
        </code>
      </p>
      <div className="slide-columns slide-columns-order" style={orderColumnsStyle(slide)}>
        <section aria-label="Naive order">
          <h3>
            Naive <span className="slide-muted">values as typed</span>
          </h3>
          <KeyRows list={slide.naive} label="Naive order" />
          <p className={slide.naiveOutOfPlace > 0 ? 'slide-verdict bad' : 'slide-verdict good'}>{outOfPlaceText(slide.naiveOutOfPlace)}</p>
        </section>
        <section aria-label="Encoded order">
          <h3>
            Encoded <span className="slide-muted">by the template</span>
          </h3>
          <KeyRows list={slide.encoded} label="Encoded order" />
          <p className={slide.encodedOutOfPlace > 0 ? 'slide-verdict bad' : 'slide-verdict good'}>{outOfPlaceText(slide.encodedOutOfPlace)}</p>
        </section>
      </div>
      {slide.excludedCount > 0 && (
        <p className="slide-muted">
          {slide.excludedCount} sample{slide.excludedCount === 1 ? '' : 's'} left out:{' '}
          {slide.excludedCount === 1 ? 'its values don’t encode or its key repeats another’s' : 'their values don’t encode or their keys repeat others’'}.
        </p>
      )}
    </div>
  );
}

/**
 * The longest key of a list in characters, and the room the rest of its row takes (the position,
 * the gaps and, when a row is out of place, its "should be #n"), in the sentence font's em: the
 * order slide shrinks its keys to keep each on one line (presentation.css).
 */
function rowMeasure(list: SlideKeyList): { chars: number; room: string } {
  const chars = Math.max(1, ...list.rows.map((row) => row.key.parts.reduce((sum, part, index) => sum + visibleWidth(part) + (index > 0 ? 3 : 0), 0)));
  return { chars, room: `${list.rows.some((row) => row.shouldBe !== undefined) ? 8.7 : 3.2}em` };
}

function orderColumnsStyle(slide: EntityOrderSlide): CSSProperties {
  const naive = rowMeasure(slide.naive);
  const encoded = rowMeasure(slide.encoded);
  return { '--naive-chars': naive.chars, '--naive-room': naive.room, '--encoded-chars': encoded.chars, '--encoded-room': encoded.room } as CSSProperties;
}

function outOfPlaceText(count: number): string {
  return count === 0 ? '✓ every row in its intended place' : `✗ ${count} row${count === 1 ? '' : 's'} out of place`;
}

function ItemCollectionSlideView({ slide, titleId }: { slide: ItemCollectionSlide; titleId: string }) {
  const partition = slide.partition.map((part) => `${part.attribute} = ${part.text}`).join(' · ');
  const others = slide.partitionCount - 1;
  return (
    <div className="slide">
      <SlideTitle
        id={titleId}
        text={slide.title}
        kicker={`${slide.table}${slide.index ? ` · index ${slide.index}` : ''} · sorted by ${slide.sortAttributes.join(', ')}`}
      />
      <p className="slide-template">
        <code className="slide-mono">
          <VisibleText text={partition} />
        </code>
        {others > 0 && (
          <span className="slide-muted">
            {' '}
            (the largest partition; {others} other{others === 1 ? '' : 's'})
          </span>
        )}
      </p>
      <KeyRows list={slide.rows} label="Items in DynamoDB’s order" shouldBeText={(position) => `naive keys: #${position}`} showLabels />
      {slide.judgedCount > 0 && (
        <p className={slide.intendedOutOfPlaceCount > 0 ? 'slide-verdict bad' : 'slide-verdict good'}>
          {slide.intendedOutOfPlaceCount === 0
            ? '✓ every entity’s items in their intended order'
            : `✗ ${slide.intendedOutOfPlaceCount} of ${slide.itemCount} item${slide.itemCount === 1 ? '' : 's'} out of their intended order`}
        </p>
      )}
      <p className="slide-muted">{naiveCollectionText(slide)}</p>
    </div>
  );
}

/**
 * What the naive keys would do to the collection: a fact beside the verdict,
 * never a verdict itself (the same order is no praise when that order is wrong).
 */
function naiveCollectionText(slide: ItemCollectionSlide): string {
  const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
  if (slide.outOfPlaceCount === 0) {
    if (slide.judgedCount === 0) return 'The naive keys (values as typed) would give the same order.';
    return slide.naiveIntendedOutOfPlaceCount === 0
      ? 'The naive keys (values as typed) would give the same order.'
      : 'The naive keys (values as typed) would give this same order: no better.';
  }
  const moved = `The naive keys (values as typed) would put ${items(slide.outOfPlaceCount)} elsewhere`;
  if (slide.judgedCount === 0) return `${moved}.`;
  return slide.naiveIntendedOutOfPlaceCount === 0
    ? `${moved}, every one in its intended order.`
    : `${moved}: ${slide.naiveIntendedOutOfPlaceCount} out of their intended order.`;
}

function AccessPatternSlideView({ slide, titleId, running }: { slide: AccessPatternSlide; titleId: string; running: boolean }) {
  const request = slide.request;
  return (
    <div className="slide">
      <SlideTitle id={titleId} text={slide.title} kicker={`${slide.table} · access pattern`} />
      {slide.description && (
        <p className="slide-lead">
          <VisibleText text={slide.description} />
        </p>
      )}
      <div className="slide-columns slide-columns-request">
        <section aria-label="Request">
          <h3>Request</h3>
          {request ? (
            <dl className="slide-request">
              <dt>
                <code>{request.indexName ? 'IndexName' : 'TableName'}</code>
              </dt>
              <dd>
                <code className="slide-mono">
                  <VisibleText text={request.indexName ?? request.tableName} />
                </code>
              </dd>
              <dt>
                <code>KeyConditionExpression</code>
              </dt>
              <dd>
                <code className="slide-code">
                  <VisibleText text={request.keyConditionExpression} />
                </code>
              </dd>
              {request.names.map((entry) => (
                <RequestLine key={entry.placeholder} name={entry.placeholder} value={entry.name} />
              ))}
              {request.values.map((entry) => (
                <RequestLine key={entry.placeholder} name={entry.placeholder} value={entry.text} type={entry.type} />
              ))}
              <dt>
                <code>ScanIndexForward</code>
              </dt>
              <dd>
                <code className="slide-code">{String(request.scanIndexForward)}</code>
              </dd>
              {request.limit !== undefined && (
                <>
                  <dt>
                    <code>Limit</code>
                  </dt>
                  <dd>
                    <code className="slide-code">{request.limit}</code>
                  </dd>
                </>
              )}
              {request.filterExpression !== undefined && <RequestLine name="FilterExpression" value={request.filterExpression} />}
              {request.projectionExpression !== undefined && <RequestLine name="ProjectionExpression" value={request.projectionExpression} />}
            </dl>
          ) : (
            <ul className="slide-problems" aria-label="Why it is not a Query">
              {slide.problems.map((problem, index) => (
                <li key={index}>
                  <MessageSpans text={problem} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Result">
          <h3>
            Result{' '}
            {slide.result && (
              <span className={`slide-pill ${slide.result.verdict}`}>
                {slide.result.verdict === 'passes' ? '✓ passes' : '✗ fails'} · {slide.result.itemCount} item{slide.result.itemCount === 1 ? '' : 's'}
              </span>
            )}
          </h3>
          {slide.result ? (
            <>
              {slide.result.rows.rows.length > 0 ? (
                <KeyRows list={slide.result.rows} label={`Returned items by ${slide.resultAttributes.join(', ')}`} showLabels />
              ) : (
                <p className="slide-muted">No items.</p>
              )}
              {slide.result.reasons.length > 0 && (
                <ul className="slide-problems" aria-label="Why it fails">
                  {slide.result.reasons.map((reason, index) => (
                    <li key={index}>
                      <MessageSpans text={reason} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p className="slide-muted">
              {running
                ? 'Running the access patterns over the samples…'
                : 'Not run: the results of this table’s patterns show once they run (Design tab, Access patterns).'}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function RequestLine({ name, value, type }: { name: string; value: string; type?: string }) {
  return (
    <>
      <dt>
        <code>
          <VisibleText text={name} />
        </code>
      </dt>
      <dd>
        {type && <span className="slide-type">{type}</span>}{' '}
        <code className="slide-code">
          <VisibleText text={value} />
        </code>
      </dd>
    </>
  );
}

function FindingsSlideView({ slide, titleId }: { slide: FindingsSlide; titleId: string }) {
  const { counts } = slide;
  const summary =
    slide.total === 0
      ? undefined
      : `${counts.error} error${counts.error === 1 ? '' : 's'} · ${counts.warning} warning${counts.warning === 1 ? '' : 's'} · ${counts.note} note${counts.note === 1 ? '' : 's'}`;
  return (
    <div className="slide">
      <SlideTitle
        id={titleId}
        text={slide.pageCount > 1 ? `${slide.title} (${slide.page} of ${slide.pageCount})` : slide.title}
        {...(summary ? { kicker: summary } : {})}
      />
      {slide.total === 0 ? (
        <p className="slide-lead slide-verdict good">No findings: the review flags nothing in this design.</p>
      ) : (
        <ul className="slide-findings" aria-label="Findings">
          {slide.findings.map((finding, index) => (
            <li key={index} className={`slide-finding ${finding.severity}`}>
              <p className="slide-finding-head">
                <span className={`slide-severity ${finding.severity}`}>{finding.severity}</span> <code className="slide-code">{finding.code}</code>{' '}
                <span className="slide-muted">
                  <VisibleText text={finding.subject} />
                </span>
              </p>
              <p>
                <MessageSpans text={finding.message} />
              </p>
              {finding.evidence.slice(0, 2).map((line, lineIndex) => (
                <p key={lineIndex} className="slide-evidence">
                  <span className="slide-muted">
                    <MessageSpans text={line.label} />
                  </span>{' '}
                  <code className="slide-code">
                    <VisibleText text={line.text} />
                  </code>
                </p>
              ))}
              <p className="slide-fix">
                Fix: <MessageSpans text={finding.suggestion} />
              </p>
              {finding.decision && (
                <p className="slide-accepted">
                  {DECISION_KIND_LABELS[finding.decision.kind]}
                  {finding.decision.decidedBy !== '' && (
                    <>
                      {' '}
                      (<VisibleText text={finding.decision.decidedBy} />)
                    </>
                  )}
                  : <VisibleText text={finding.decision.comment} />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { Fragment, useId, useState } from 'react';
import { VisibleText, VisibleParts } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { keyBreaksFor, wrapKey } from './gridLayout';
import { formatAttributeValue, formatAttributeValueIndented, isPlainVisibleText, memberCountOf, typeTagOf } from './formatAttributeValue';
import './explorerTools.css';

const TRUNCATE_AT = 120;

/**
 * One attribute value in the grid: type badge plus the value as text, with
 * invisible characters shown. Sets, lists and maps show how many members they
 * hold. Lists, maps and long values open the full value in a popover (the top
 * layer, so the fixed-height virtual row doesn't clip it); lists and maps are
 * written out indented.
 *
 * It renders into the grid cell, without a wrapper: a scrollbar jump creates
 * every visible cell anew, and each element costs style and layout. A plain
 * scalar is two nodes: the badge and a text node.
 */
export function AttributeValueCell({ value, name }: { value: AttributeValue | undefined; name?: string }) {
  if (value === undefined) return <span className="cell-missing" aria-label="no value" />;
  const tag = typeTagOf(value);
  const text = formatAttributeValue(value);
  const count = memberCountOf(value);
  const nested = tag === 'L' || tag === 'M';
  const long = text.length > TRUNCATE_AT;
  const shown = long ? `${text.slice(0, TRUNCATE_AT)}…` : text;
  return (
    <>
      <span className="type-badge" title={`DynamoDB type ${tag}`}>
        {tag}
      </span>
      {count !== undefined && (
        <span className="cell-count" title={`${count} ${count === 1 ? 'member' : 'members'}`}>
          {count}
        </span>
      )}
      {(nested || long) && <FullValue value={value} text={text} tag={tag} count={count} nested={nested} {...(name !== undefined ? { name } : {})} />}
      {isPlainVisibleText(shown) ? shown : <VisibleText text={shown} />}
    </>
  );
}

/**
 * A key attribute's value: never cut off. It stays on one line while it fits `lineChars`
 * characters (the column's width), else wraps at its segment boundaries (`#`) into lines the row
 * is tall enough for (the grid computes the same lines for the row's height).
 */
export function KeyValueCell({ value, lineChars }: { value: AttributeValue | undefined; lineChars: number }) {
  if (value === undefined) return <span className="cell-missing" aria-label="no value" />;
  const tag = typeTagOf(value);
  const text = formatAttributeValue(value);
  const plain = isPlainVisibleText(text);
  const badge = (
    <span className="type-badge" title={`DynamoDB type ${tag}`}>
      {tag}
    </span>
  );
  if (plain && text.length <= lineChars) {
    return (
      <>
        {badge}
        {text}
      </>
    );
  }
  const lines = wrapKey(text, lineChars, keyBreaksFor(value));
  if (lines.length === 1) {
    return (
      <>
        {badge}
        <VisibleText text={text} />
      </>
    );
  }
  return (
    <>
      {badge}
      <bdi className="key-lines">
        {lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            <VisibleParts parts={line} />
          </Fragment>
        ))}
      </bdi>
    </>
  );
}

interface FullValueProps {
  value: AttributeValue;
  text: string;
  tag: string;
  count: number | undefined;
  nested: boolean;
  name?: string;
}

/** The expand button and its popover, for lists, maps and long values; the popover's content is built when first opened. */
function FullValue({ value, text, tag, count, nested, name }: FullValueProps) {
  const [opened, setOpened] = useState(false);
  const popoverId = useId();
  // Attribute names are data too: shown with their invisible characters marked.
  const what = name ? `${visibleString(name)} (${tag})` : tag;
  return (
    <>
      <button
        type="button"
        className="cell-expand"
        popoverTarget={popoverId}
        aria-label={nested ? `Expand ${what} value` : `Show all ${text.length} characters of ${what}`}
        title={nested ? 'Show the full nested value' : 'Show the full value'}
        onClick={() => setOpened(true)}
      >
        {nested ? '▸' : '…'}
      </button>
      <div id={popoverId} popover="auto" className="value-popover" role="dialog" aria-label={`Full value of ${what}`}>
        {opened && (
          <>
            <div className="value-popover-header">
              <span>
                Full value of <bdi>{what}</bdi>
                {count !== undefined ? ` · ${count} ${count === 1 ? 'member' : 'members'}` : ` · ${text.length} characters`}
              </span>
              <button type="button" popoverTarget={popoverId} popoverTargetAction="hide">
                Close
              </button>
            </div>
            <pre className="value-popover-text">{nested ? <IndentedText text={formatAttributeValueIndented(value)} /> : <VisibleText text={text} />}</pre>
          </>
        )}
      </div>
    </>
  );
}

/** Indented lines: the indentation stays plain spaces; the rest of each line shows invisible characters. */
function IndentedText({ text }: { text: string }) {
  return text.split('\n').map((line, index) => {
    const indent = /^ */.exec(line)?.[0] ?? '';
    return (
      <span key={index} className="indented-line">
        {indent}
        <VisibleText text={line.slice(indent.length)} />
        {'\n'}
      </span>
    );
  });
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { useId, useState } from 'react';
import { VisibleText } from '../common/VisibleText';
import { formatAttributeValue, formatAttributeValueIndented, memberCountOf, typeTagOf } from './formatAttributeValue';
import './explorerTools.css';

const TRUNCATE_AT = 120;

/**
 * One attribute value in the grid: type badge plus the value as text, with
 * invisible characters shown. Sets, lists and maps show how many members they
 * hold. Lists, maps and long values open the full value in a popover (the top
 * layer, so the fixed-height virtual row doesn't clip it); lists and maps are
 * written out indented.
 */
export function AttributeValueCell({ value, name }: { value: AttributeValue | undefined; name?: string }) {
  const [opened, setOpened] = useState(false);
  const popoverId = useId();
  if (value === undefined) return <span className="cell-missing" aria-label="no value" />;
  const tag = typeTagOf(value);
  const text = formatAttributeValue(value);
  const count = memberCountOf(value);
  const nested = tag === 'L' || tag === 'M';
  const long = text.length > TRUNCATE_AT;
  const what = name ? `${name} (${tag})` : tag;
  return (
    <span className={`cell-value cell-${tag}`}>
      <span className="type-badge" title={`DynamoDB type ${tag}`}>
        {tag}
      </span>
      {count !== undefined && (
        <span className="cell-count" title={`${count} ${count === 1 ? 'member' : 'members'}`}>
          {count}
        </span>
      )}
      {(nested || long) && (
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
      )}
      <VisibleText text={long ? `${text.slice(0, TRUNCATE_AT)}…` : text} />
      {(nested || long) && (
        <div id={popoverId} popover="auto" className="value-popover" role="dialog" aria-label={`Full value of ${what}`}>
          {opened && (
            <>
              <div className="value-popover-header">
                <span>
                  Full value of {what}
                  {count !== undefined ? ` · ${count} ${count === 1 ? 'member' : 'members'}` : ` · ${text.length} characters`}
                </span>
                <button type="button" popoverTarget={popoverId} popoverTargetAction="hide">
                  Close
                </button>
              </div>
              <pre className="value-popover-text">
                {nested ? <IndentedText text={formatAttributeValueIndented(value)} /> : <VisibleText text={text} />}
              </pre>
            </>
          )}
        </div>
      )}
    </span>
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

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { useState } from 'react';
import { VisibleText } from '../common/VisibleText';
import { formatAttributeValue, typeTagOf } from './formatAttributeValue';

const TRUNCATE_AT = 120;

/**
 * One attribute value in the grid: type badge plus the value as text, with
 * invisible characters shown; long values are cut with a button for the rest.
 */
export function AttributeValueCell({ value }: { value: AttributeValue | undefined }) {
  const [expanded, setExpanded] = useState(false);
  if (value === undefined) return <span className="cell-missing" aria-label="no value" />;
  const tag = typeTagOf(value);
  const text = formatAttributeValue(value);
  const long = text.length > TRUNCATE_AT;
  return (
    <span className={`cell-value cell-${tag}`}>
      <span className="type-badge" title={`DynamoDB type ${tag}`}>
        {tag}
      </span>
      <VisibleText text={long && !expanded ? `${text.slice(0, TRUNCATE_AT)}…` : text} />
      {long && (
        <button type="button" className="link-button cell-more" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'less' : `all ${text.length} characters`}
        </button>
      )}
    </span>
  );
}

import { useId, useMemo, useState } from 'react';
import { CODE_TARGET_LABELS, CODE_TARGETS, emitCode, type CodeShape, type CodeTarget, type CodegenRequest } from '../../codegen';
import './copyAsCode.css';
import { VisibleText } from '../common/VisibleText';

/** What a pasted snippet expects around it, said under the code. */
const CONTEXT: Record<CodeShape, Record<CodeTarget, string>> = {
  call: {
    'sdk-v3': 'Expects a DynamoDBClient named client, and the command imported from @aws-sdk/client-dynamodb.',
    'document-client': 'Expects a DynamoDBDocumentClient named docClient, and the command imported from @aws-sdk/lib-dynamodb.',
    boto3: 'Expects client = boto3.client("dynamodb").',
    'aws-cli': 'One request (--no-paginate): the output carries LastEvaluatedKey when there are more pages.',
  },
  program: {
    'sdk-v3': 'A Node program (ES module): it reads every page and prints one item per line.',
    'document-client': 'A Node program (ES module): it reads every page and prints one item per line.',
    boto3: 'A Python 3 program: it reads every page and prints one item per line.',
    'aws-cli': 'A shell script for the AWS CLI v2, which follows LastEvaluatedKey itself and prints all items.',
  },
};

export interface CopyAsCodeProps {
  /** The Query or Scan to write as code (what the explorer sends); undefined while there is none. */
  readonly request: CodegenRequest | undefined;
  /** The connection's region, written into programs. */
  readonly region?: string;
  /** The connection's endpoint URL (DynamoDB Local, Keylab's endpoint), written into programs. */
  readonly endpoint?: string;
}

/**
 * "Copy as": the current request as JavaScript (SDK v3 or DocumentClient),
 * Python (boto3) or an AWS CLI command — the single call, or a complete
 * program that pages through every result. The code is text, never HTML.
 */
export function CopyAsCode({ request, region, endpoint }: CopyAsCodeProps) {
  const [target, setTarget] = useState<CodeTarget>('sdk-v3');
  const [shape, setShape] = useState<CodeShape>('call');
  const [copyStatus, setCopyStatus] = useState<{ text: string; error: boolean }>();
  const headingId = useId();
  const targetId = useId();
  const codeId = useId();
  const result = useMemo(
    () => (request ? emitCode(request, target, { shape, ...(region ? { region } : {}), ...(endpoint ? { endpoint } : {}) }) : undefined),
    [request, target, shape, region, endpoint],
  );

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopyStatus({ text: 'Copied to the clipboard.', error: false });
    } catch (error) {
      setCopyStatus({ text: `Could not copy (${error instanceof Error ? error.message : String(error)}): select the code and copy it by hand.`, error: true });
    }
  };

  return (
    <section className="card copy-as-code" aria-labelledby={headingId}>
      <h3 id={headingId}>Copy as code</h3>
      <div className="copy-as-controls">
        <label htmlFor={targetId}>Language</label>
        <select
          id={targetId}
          value={target}
          onChange={(event) => {
            setTarget(event.target.value as CodeTarget);
            setCopyStatus(undefined);
          }}
        >
          {CODE_TARGETS.map((option) => (
            <option key={option} value={option}>
              {CODE_TARGET_LABELS[option]}
            </option>
          ))}
        </select>
        <fieldset className="copy-as-shape">
          <legend className="visually-hidden">Code shape</legend>
          {(['call', 'program'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${headingId}-shape`}
                value={option}
                checked={shape === option}
                onChange={() => {
                  setShape(option);
                  setCopyStatus(undefined);
                }}
              />
              {option === 'call' ? 'Single call' : 'Complete program (all pages)'}
            </label>
          ))}
        </fieldset>
      </div>
      {!result && <p className="muted small">Run a query or scan first; its request appears here as code.</p>}
      {result && !result.ok && (
        <p className="field-error" role="alert">
          <VisibleText text={result.reason} />
        </p>
      )}
      {result?.ok && (
        <>
          <pre className="code-view" id={codeId} tabIndex={0} aria-label={`${CODE_TARGET_LABELS[target]} code`}>
            <code>{result.code}</code>
          </pre>
          <p className="muted small">{CONTEXT[shape][target]}</p>
          <div className="button-row">
            <button type="button" onClick={() => void copy(result.code)} aria-controls={codeId}>
              Copy code
            </button>
            {copyStatus && (
              <span className={copyStatus.error ? 'field-error' : 'muted small'} role={copyStatus.error ? 'alert' : 'status'}>
                {copyStatus.text}
              </span>
            )}
          </div>
        </>
      )}
    </section>
  );
}

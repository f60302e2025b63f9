import { useState, type ReactNode } from 'react';
import type { BuiltRequest } from '../../state';
import { formatRequestJson } from './requestJson';

/**
 * The live output: the request the builder describes, read-only, with Copy;
 * or, while it is incomplete, what is missing.
 */
export function RequestOutput({
  built,
  aliasAll,
  onAliasAll,
  actions,
}: {
  built: BuiltRequest;
  aliasAll: boolean;
  onAliasAll: (value: boolean) => void;
  actions?: ReactNode;
}) {
  const [copied, setCopied] = useState<string>();
  const json = built.ok ? formatRequestJson(built.input) : undefined;
  return (
    <section className="request-output" aria-label="Request">
      <div className="request-output-bar">
        <h4>{built.ok ? (built.operation === 'query' ? 'Query request' : 'Scan request') : 'Request'}</h4>
        <label className="inline-check">
          <input type="checkbox" checked={aliasAll} onChange={(event) => onAliasAll(event.target.checked)} /> Alias every name
        </label>
        <button
          type="button"
          disabled={!json}
          onClick={() => {
            if (!json) return;
            navigator.clipboard.writeText(json).then(
              () => setCopied('Copied'),
              (error: unknown) => setCopied(`Could not copy: ${error instanceof Error ? error.message : String(error)}`),
            );
          }}
        >
          Copy request
        </button>
        {actions}
        {copied && (
          <span className="muted small" role="status">
            {copied}
          </span>
        )}
      </div>
      {json ? (
        <pre className="request-json mono" aria-label="Request JSON" tabIndex={0}>
          {json}
        </pre>
      ) : (
        <p className="muted small request-incomplete" aria-label="Request JSON">
          The request is not complete yet: fix the marked inputs.
        </p>
      )}
    </section>
  );
}

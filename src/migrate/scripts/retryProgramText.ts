import { BACKOFF_DEFAULTS, RETRY_RULES } from '../../dynamo';
import { toPythonLiteral } from './pythonLiteral';

/*
 * The exported migration programs' retry code, written from src/dynamo's rules (RETRY_RULES,
 * BACKOFF_DEFAULTS) so the app and both programs retry the same errors with the same backoff.
 * The programs can't import the SDK's classifier (@smithy/core/retry is not theirs to rely on),
 * so they carry its decisions as data; retryPrograms tests hold these texts to retryReason's
 * answers on a table of errors.
 */

/**
 * JavaScript defining `RETRY_RULES`, `BACKOFF`, `retryReason(error)` (an SDK v3 error →
 * 'throttling' | 'serverError' | 'conflict' | undefined) and `backoffDelay(attempt, random?)`.
 */
export function nodeRetryText(): string {
  return `const RETRY_RULES = ${JSON.stringify(RETRY_RULES)};
const BACKOFF = ${JSON.stringify(BACKOFF_DEFAULTS)};
function retryReason(error) {
  if (error === null || typeof error !== 'object' || error.name === 'AbortError') return undefined;
  const name = typeof error.name === 'string' ? error.name : '';
  const status = error.$metadata?.httpStatusCode;
  if (RETRY_RULES.throttlingStatusCodes.includes(status) || RETRY_RULES.throttlingNames.includes(name) || error.$retryable?.throttling == true) return 'throttling';
  if (RETRY_RULES.conflictNames.includes(name)) return 'conflict';
  if (RETRY_RULES.serverErrorNames.includes(name) || RETRY_RULES.serverErrorStatusCodes.includes(status) || error.$retryable !== undefined) return 'serverError';
  return undefined;
}
const backoffDelay = (attempt, random = Math.random) => Math.floor(random() * Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt)));`;
}

/**
 * Python defining `RETRY_RULES`, `BACKOFF`, `retry_reason(code, status)` (a botocore
 * ClientError's Error.Code and HTTP status → "throttling" | "serverError" | "conflict" | None)
 * and `backoff_delay(attempt, rand=random.random)` in milliseconds. Needs `import random`.
 */
export function pythonRetryText(): string {
  return `RETRY_RULES = ${toPythonLiteral(RETRY_RULES)}
BACKOFF = ${toPythonLiteral(BACKOFF_DEFAULTS)}


def retry_reason(code, status=None):
    if code == "AbortError":
        return None
    if status in RETRY_RULES["throttlingStatusCodes"] or code in RETRY_RULES["throttlingNames"]:
        return "throttling"
    if code in RETRY_RULES["conflictNames"]:
        return "conflict"
    if code in RETRY_RULES["serverErrorNames"] or status in RETRY_RULES["serverErrorStatusCodes"]:
        return "serverError"
    return None


def backoff_delay(attempt, rand=random.random):
    return int(rand() * min(BACKOFF["capMs"], BACKOFF["baseMs"] * 2 ** max(0, attempt)))`;
}

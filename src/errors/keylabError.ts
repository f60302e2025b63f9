import { codeOfWireType, isKeylabErrorCode, type ErrorDomain, type KeylabErrorCode } from './errorCodes';

/**
 * An error Keylab itself raises, with a registered code and a message meant
 * for the user (what is wrong, where, how to fix it). Layers subclass it to
 * narrow the code (`PersistenceError`); `name` stays the subclass's.
 *
 * @example
 * throw new KeylabError('codegen.unwritableValue', 'The request holds an empty AttributeValue ({}).');
 */
export class KeylabError<Code extends KeylabErrorCode = KeylabErrorCode> extends Error {
  override name: string = 'KeylabError';
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** A code, or a domain prefix such as `'proxy.'`. */
export type CodePattern = KeylabErrorCode | `${ErrorDomain}.`;

/** The codes a pattern matches: the code itself, or every code of the domain. */
export type CodesMatching<Pattern extends CodePattern> = Extract<KeylabErrorCode, `${Pattern}${string}`>;

/**
 * The registered code `error` carries, if any: its `code` (a `KeylabError`,
 * a `KeyFinding`, any `{ code }`), or for an error that came over the wire
 * from the proxy or profile signer, the code its `name` stands for
 * (`ProxyTimeout` → `proxy.timeout`). DynamoDB's own errors have none.
 *
 * @example
 * keylabCodeOf({ code: "keys.padOverflow", message: "…" }) // "keys.padOverflow"
 * keylabCodeOf(Object.assign(new Error("…"), { name: "ProxyTimeout" })) // "proxy.timeout"
 */
export function keylabCodeOf(error: unknown): KeylabErrorCode | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (isKeylabErrorCode(code)) return code;
  return typeof name === 'string' ? codeOfWireType(name) : undefined;
}

/**
 * True when `error` carries the code `pattern` names, or any code of the
 * domain when `pattern` ends with a dot (see {@link keylabCodeOf} for where
 * the code is read from). Typed against the registry: a misspelt code or
 * domain does not compile.
 *
 * @example
 * if (matches(error, 'proxy.')) showProxyHelp(error.message)
 * matches(finding, 'keys.padOverflow') // true for a padOverflow finding
 */
export function matches(error: unknown, pattern: CodePattern): boolean {
  const code = keylabCodeOf(error);
  return code !== undefined && (pattern.endsWith('.') ? code.startsWith(pattern) : code === pattern);
}

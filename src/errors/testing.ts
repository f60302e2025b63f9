/**
 * Test support: assertions on Keylab's `{ ok: true, … } | { ok: false, … }` results, for tests of
 * every layer (and integration/, e2e/). Imported only by tests, never by the app.
 *
 * A guard such as `if (result.ok) expect(result.value)…` passes silently when the result has the
 * other shape — a test that cannot fail. These narrow the result instead, and fail with what the
 * other branch holds (the refusal's messages, or the value that came back):
 *
 * @example
 * const read = readItem(text);
 * expectOk(read);
 * expect(read.item).toEqual(item);
 *
 * It lives beside src/errors because every layer may import src/errors, and it imports nothing
 * itself (no vitest: it throws a plain Error, which every test runner reports).
 */

/** Any of Keylab's results: a union discriminated by `ok`. */
type AnyResult = { readonly ok: boolean };

/** The ok branch of a result type. */
export type OkBranch<R extends AnyResult> = Extract<R, { readonly ok: true }>;

/** The refusal branch of a result type. */
export type ErrBranch<R extends AnyResult> = Extract<R, { readonly ok: false }>;

/** Longest description of the other branch printed in a failure message. */
const SHOWN_CHARACTERS = 4000;

/**
 * Fails unless `result` is ok; narrows it to its ok branch.
 * @param label what the result is (a sample's id, the input), printed first when it fails.
 */
export function expectOk<R extends AnyResult>(result: R, label?: string): asserts result is OkBranch<R> {
  if (result.ok) return;
  throw new Error(`${prefix(label)}expected an ok result, but it was refused: ${describe(result)}`);
}

/**
 * Fails unless `result` is a refusal (`ok: false`); narrows it to its refusal branch.
 * @param label what the result is (a sample's id, the input), printed first when it fails.
 */
export function expectErr<R extends AnyResult>(result: R, label?: string): asserts result is ErrBranch<R> {
  if (!result.ok) return;
  throw new Error(`${prefix(label)}expected a refusal, but the result was ok: ${describe(result)}`);
}

function prefix(label: string | undefined): string {
  return label === undefined ? '' : `${label}: `;
}

/** The result without its `ok`, as JSON (binary as byte lists, bigints as text, errors as their messages). */
function describe(result: AnyResult): string {
  const { ok: _ok, ...rest } = result as AnyResult & Record<string, unknown>;
  let text: string;
  try {
    text = JSON.stringify(rest, (_key, value: unknown) => {
      if (value instanceof Uint8Array) return `<${value.length} bytes: ${Array.from(value.subarray(0, 32)).join(' ')}${value.length > 32 ? ' …' : ''}>`;
      if (typeof value === 'bigint') return `${value}n`;
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      if (value instanceof Map) return Object.fromEntries(value);
      if (value instanceof Set) return [...value];
      return value;
    });
  } catch (error) {
    text = `(not printable: ${(error as Error).message})`;
  }
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)` : text;
}
